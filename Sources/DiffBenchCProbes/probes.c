#define _GNU_SOURCE
#include "DiffBenchCProbes.h"
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#include <malloc.h>
#include <signal.h>
#include <sys/prctl.h>
#include <errno.h>
#include <fcntl.h>

int dbp_instructions_open(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_INSTRUCTIONS;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) return -1;
    ioctl((int)fd, PERF_EVENT_IOC_RESET, 0);
    ioctl((int)fd, PERF_EVENT_IOC_ENABLE, 0);
    return (int)fd;
}

int64_t dbp_instructions_read(int fd) {
    int64_t value = 0;
    if (fd < 0 || read(fd, &value, sizeof value) != sizeof value) return -1;
    return value;
}

void dbp_instructions_close(int fd) { if (fd >= 0) close(fd); }

__attribute__((noinline)) void dbp_counted_region(void (*body)(void *), void *context) {
    body(context);
    __asm__ volatile("" ::: "memory");
}

uint64_t dbp_malloc_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

uint64_t dbp_peak_rss_bytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_maxrss * 1024u;
}

static uint64_t clock_ns(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t dbp_thread_cpu_ns(void) { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }
uint64_t dbp_monotonic_ns(void) { return clock_ns(CLOCK_MONOTONIC); }

#include <stdio.h>
void dbp_stderr(const char *text) {
    fputs(text, stderr);
    fflush(stderr);
}

/* Allocation counting: the executable's malloc family forwards to glibc and counts while
   counting is switched on (only around the allocation pass of a cell, so timing never pays). */
#include <stddef.h>
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

static int counting_enabled;
static uint64_t allocation_count;
static uint64_t allocated_bytes;

static void note_allocation(size_t size) {
    if (__atomic_load_n(&counting_enabled, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&allocated_bytes, size, __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) { note_allocation(size); return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { note_allocation(count * size); return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { note_allocation(size); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }

void dbp_allocations_start(void) {
    __atomic_store_n(&allocation_count, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&allocated_bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&counting_enabled, 1, __ATOMIC_RELAXED);
}

void dbp_allocations_stop(uint64_t *count, uint64_t *bytes) {
    __atomic_store_n(&counting_enabled, 0, __ATOMIC_RELAXED);
    *count = __atomic_load_n(&allocation_count, __ATOMIC_RELAXED);
    *bytes = __atomic_load_n(&allocated_bytes, __ATOMIC_RELAXED);
}

/* glibc adapts its mmap threshold as large blocks are freed; Swift arrays size their capacity
   from malloc_usable_size, so that adaptation makes allocated bytes drift between identical
   runs. Fixing the thresholds makes allocation figures repeatable. They are fixed where glibc's
   own adaptation ends up in a long-running process (the mmap threshold at its 32 MiB maximum,
   the heap top kept), so that a diff's large scratch arrays come from the heap again on every
   call, as in an app, instead of being mapped, page-faulted and unmapped each time: otherwise
   the kernel's page clearing, not the algorithm, dominates large cells. */
void dbp_malloc_fix_thresholds(void) {
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
}

int dbp_die_with_parent(void) {
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    /* The parent may have died before prctl: then we were re-parented already. */
    if (getppid() != parent) raise(SIGKILL);
    return 0;
}

#include <sys/personality.h>

int dbp_child_layout(int fixed) {
    int current = personality(0xffffffff);
    if (current == -1) return -1;
    unsigned long wanted = fixed ? ((unsigned long)current | ADDR_NO_RANDOMIZE)
                                 : ((unsigned long)current & ~(unsigned long)ADDR_NO_RANDOMIZE);
    if (wanted == (unsigned long)current) return 0;
    return personality(wanted) == -1 ? -1 : 0;
}

#include <spawn.h>
extern char **environ;

int dbp_spawn_shell(const char *command, int in_fd, int out_fd, int err_fd) {
    posix_spawnattr_t attr;
    posix_spawn_file_actions_t actions;
    if (posix_spawnattr_init(&attr) != 0) return -1;
    if (posix_spawn_file_actions_init(&actions) != 0) { posix_spawnattr_destroy(&attr); return -1; }
    sigset_t defaults, mask;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGQUIT);
    sigemptyset(&mask);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &mask);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
    posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    char *argv[] = { "/bin/sh", "-c", (char *)command, NULL };
    pid_t pid = -1;
    int status = posix_spawn(&pid, "/bin/sh", &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (status != 0) { errno = status; return -1; }
    return pid;
}

int dbp_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int dbp_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
