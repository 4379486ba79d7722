#ifndef CSYSTEMPROBES_H
#define CSYSTEMPROBES_H
#include <stdint.h>
/// Opens a per-thread hardware instruction counter; returns a descriptor or -1 when refused.
int dbp_instructions_open(void);
/// Reads the counter; returns -1 on failure.
int64_t dbp_instructions_read(int fd);
void dbp_instructions_close(int fd);
/// Allocation statistics of this process (glibc mallinfo2); bytes currently in use.
uint64_t dbp_malloc_in_use(void);
/// Peak resident set size in bytes (getrusage).
uint64_t dbp_peak_rss_bytes(void);
/// CPU time of this thread in nanoseconds.
uint64_t dbp_thread_cpu_ns(void);
/// Monotonic clock in nanoseconds.
uint64_t dbp_monotonic_ns(void);
/// Writes text to standard error unbuffered (progress lines, errors).
void dbp_stderr(const char *text);
/// Starts counting malloc/calloc/realloc calls and requested bytes of the whole process.
void dbp_allocations_start(void);
/// Stops counting and returns the totals since the start.
void dbp_allocations_stop(uint64_t *count, uint64_t *bytes);
/// Fixes glibc's mmap and trim thresholds so allocation figures repeat between runs.
void dbp_malloc_fix_thresholds(void);
/// Calls `body(context)`. Under `valgrind --tool=callgrind --toggle-collect=dbp_counted_region`
/// only the instructions executed inside count, which is how `bench` counts instructions where
/// the kernel refuses perf counters.
void dbp_counted_region(void (*body)(void *), void *context);
/// Asks the kernel to kill this process when its parent dies (a measuring child must not
/// outlive `bench run`); returns 0 on success.
int dbp_die_with_parent(void);
/* Turns address-space randomization off (fixed != 0) or on again for the programs this process
   executes from now on (personality ADDR_NO_RANDOMIZE; this process keeps its own layout): a
   measuring child started with it off gets the same memory layout on every run. Returns 0 on
   success, -1 with errno set (a seccomp profile may refuse the call). */
int dbp_child_layout(int fixed);
/* Starts `/bin/sh -c command` in a process group of its own (its pid is the group id), with
   in_fd, out_fd and err_fd as its standard input, output and error, and the default handling
   of SIGPIPE, SIGINT, SIGTERM and SIGQUIT. Returns the pid, or -1 with errno set. */
int dbp_spawn_shell(const char *command, int in_fd, int out_fd, int err_fd);

/* A file descriptor that becomes readable when process `pid` exits (Linux 5.3+), or -1. */
int dbp_pidfd_open(int pid);

/* pipe2(fds, O_CLOEXEC): a pipe that no spawned process inherits unless it is dup2'ed. */
int dbp_pipe_cloexec(int fds[2]);

#endif
