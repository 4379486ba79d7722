// SPDX-License-Identifier: Apache-2.0
#ifndef DIFFBENCH_CPROBES_H
#define DIFFBENCH_CPROBES_H
/* The calls into the operating system that DiffBenchPlatform makes in C. Each is defined for Linux
   and for Darwin in probes.c; nothing else in DiffBench calls them (DiffBenchPlatform wraps them). */
#include <stddef.h>
#include <stdint.h>

/* Opens a per-thread hardware instruction counter; returns a descriptor, or -1 when refused (and
   always on Darwin, which has no such counter for a process of its own). */
int dbp_instructions_open(void);
/* Reads the counter; returns -1 on failure. */
int64_t dbp_instructions_read(int fd);
void dbp_instructions_close(int fd);
/* Calls `body(context)`. Under `valgrind --tool=callgrind --toggle-collect=dbp_counted_region`
   only the instructions executed inside count, which is how `bench` counts instructions where
   the kernel refuses perf counters. */
void dbp_counted_region(void (*body)(void *), void *context);

/* Bytes currently allocated by this process (glibc mallinfo2; Darwin: the zones' size in use). */
uint64_t dbp_malloc_in_use(void);
/* Peak resident set size in bytes (getrusage: kilobytes on Linux, bytes on Darwin, converted). */
uint64_t dbp_peak_rss_bytes(void);
/* Starts counting malloc/calloc/realloc calls and requested bytes of the whole process; returns
   0, or -1 when counting cannot be installed. */
int dbp_allocations_start(void);
/* Stops counting and returns the totals since the start. */
void dbp_allocations_stop(uint64_t *count, uint64_t *bytes);
/* Fixes glibc's mmap and trim thresholds so allocation figures repeat between runs (Darwin:
   nothing to fix). */
void dbp_malloc_fix_thresholds(void);

/* CPU time of this thread in nanoseconds. */
uint64_t dbp_thread_cpu_ns(void);
/* Monotonic clock in nanoseconds (not counting sleep). */
uint64_t dbp_monotonic_ns(void);
/* The 1-minute load average, or -1 when unknown. */
double dbp_load_average(void);
/* Writes text to standard error unbuffered (progress lines, errors). */
void dbp_stderr(const char *text);

/* Has this process sent `signal_number` when its parent dies (Linux: PR_SET_PDEATHSIG; Darwin: a
   thread waiting on the parent's exit); returns 0 on success. */
int dbp_die_with_parent(int signal_number);
/* Makes this process the reaper of its orphaned descendants (Linux: PR_SET_CHILD_SUBREAPER), so
   that a helper a child leaves behind stays reachable; -1 where there is no such thing (Darwin). */
int dbp_become_subreaper(void);
/* Whether a spawned process can be given a fixed memory layout (address-space randomization off). */
int dbp_fixed_layout_supported(void);
/* posix_spawn of `path` with `argv` and `envp` (NULL: this environment); standard input, output
   and error from the descriptors given (-1: inherited); the default handling of SIGPIPE, SIGINT,
   SIGTERM, SIGQUIT and SIGHUP; a process group of its own when `new_group`; address-space
   randomization off when `fixed_layout` (Linux: personality ADDR_NO_RANDOMIZE; Darwin:
   _POSIX_SPAWN_DISABLE_ASLR); killed when this process dies, even by SIGKILL, when
   `die_with_parent` (Linux: PR_SET_PDEATHSIG set between fork and exec; not on Darwin). Returns
   the pid, or -1 with errno set. */
int dbp_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
              int new_group, int fixed_layout, int die_with_parent);
/* This process's children (Linux: /proc/self/task/<tid>/children); up to `capacity` pids are
   stored, the count is returned, or -1 where they cannot be listed (Darwin). */
int dbp_children(int *pids, int capacity);
/* A descriptor that poll(2) sees readable once process `pid` has exited (Linux 5.3+: a pidfd;
   Darwin: a kqueue watching NOTE_EXIT), or -1. */
int dbp_exit_watch_open(int pid);
/* A pipe whose ends no spawned process inherits unless it is dup2'ed. */
int dbp_pipe_cloexec(int fds[2]);

/* Darwin's sysctl by name (a string, or an integer); -1 on Linux and on failure. */
int dbp_sysctl_string(const char *name, char *buffer, size_t length);
int64_t dbp_sysctl_int(const char *name);

#endif
