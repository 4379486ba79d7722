// SPDX-License-Identifier: Apache-2.0
/* DiffBench's calls into the operating system that Swift cannot make portably: every function of
   DiffBenchCProbes.h is defined once for Linux and once for Darwin (macOS), and Linux headers are
   included under __linux__ only. .ci/portability.sh checks both: it preprocesses this file as each
   platform sees it and compares the functions each side defines with the header. */
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "DiffBenchCProbes.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ---- Shared by both platforms ---------------------------------------------------------------- */

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

void dbp_stderr(const char *text) {
    fputs(text, stderr);
    fflush(stderr);
}

double dbp_load_average(void) {
    double loads[1];
    return getloadavg(loads, 1) == 1 ? loads[0] : -1;
}

/* posix_spawn of `path` with `argv` and `envp` (NULL: this process's environment), standard
   input, output and error from the given descriptors, the default handling of SIGPIPE, SIGINT,
   SIGTERM and SIGQUIT, and no signal blocked; in a process group of its own when `new_group`. The
   platform part adds the fixed memory layout. */
static int spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
                 int new_group, short extra_flags) {
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
    sigaddset(&defaults, SIGHUP);
    sigemptyset(&mask);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &mask);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | extra_flags;
    if (new_group) {
        posix_spawnattr_setpgroup(&attr, 0);
        flags |= POSIX_SPAWN_SETPGROUP;
    }
    posix_spawnattr_setflags(&attr, flags);
    if (in_fd >= 0) posix_spawn_file_actions_adddup2(&actions, in_fd, 0);
    if (out_fd >= 0) posix_spawn_file_actions_adddup2(&actions, out_fd, 1);
    if (err_fd >= 0) posix_spawn_file_actions_adddup2(&actions, err_fd, 2);
    pid_t pid = -1;
    int status = posix_spawn(&pid, path, &actions, &attr, argv, envp ? envp : environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    if (status != 0) { errno = status; return -1; }
    return pid;
}

#if defined(__linux__)
/* ---- Linux ------------------------------------------------------------------------------------ */
#include <linux/perf_event.h>
#include <malloc.h>
#include <sys/ioctl.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <dirent.h>

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

uint64_t dbp_malloc_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

uint64_t dbp_peak_rss_bytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_maxrss * 1024u; /* kilobytes on Linux */
}

static uint64_t clock_ns(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t dbp_thread_cpu_ns(void) { return clock_ns(CLOCK_THREAD_CPUTIME_ID); }
uint64_t dbp_monotonic_ns(void) { return clock_ns(CLOCK_MONOTONIC); }

/* Allocation counting: the executable's malloc family forwards to glibc and counts while
   counting is switched on (only around the allocation pass of a cell, so timing never pays).
   Under a sanitizer, whose runtime owns malloc, nothing is replaced and counting is unavailable
   (the thread-sanitizer test binary crashed at start with these definitions). */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define DBP_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define DBP_SANITIZED 1
#endif
#ifdef DBP_SANITIZED
int dbp_allocations_start(void) { return -1; }

void dbp_allocations_stop(uint64_t *count, uint64_t *bytes) {
    *count = 0;
    *bytes = 0;
}
#else
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

int dbp_allocations_start(void) {
    __atomic_store_n(&allocation_count, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&allocated_bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&counting_enabled, 1, __ATOMIC_RELAXED);
    return 0;
}

void dbp_allocations_stop(uint64_t *count, uint64_t *bytes) {
    __atomic_store_n(&counting_enabled, 0, __ATOMIC_RELAXED);
    *count = __atomic_load_n(&allocation_count, __ATOMIC_RELAXED);
    *bytes = __atomic_load_n(&allocated_bytes, __ATOMIC_RELAXED);
}
#endif

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

int dbp_die_with_parent(int signal_number) {
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, signal_number) != 0) return -1;
    /* The parent may have died before prctl: then we were re-parented already. */
    if (getppid() != parent) raise(signal_number);
    return 0;
}

int dbp_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : -1; }

int dbp_fixed_layout_supported(void) { return personality(0xffffffff) == -1 ? 0 : 1; }

/* A child that must die with this process gets it from the kernel (PR_SET_PDEATHSIG), which only
   the child can ask for: it is started with fork, and between fork and exec it makes only
   async-signal-safe system calls. Any other child is started with posix_spawn. personality
   ADDR_NO_RANDOMIZE holds for what a process executes next: set in the forked child, or around the
   spawn and restored, so that this process's own layout and its other children keep theirs. */
static int fork_exec(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
                     int new_group, int fixed_layout) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid; /* the parent: the pid, or -1 with errno */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
    if (new_group && setpgid(0, 0) != 0) _exit(127);
    if (fixed_layout) {
        int current = personality(0xffffffff);
        if (current != -1) personality((unsigned long)current | ADDR_NO_RANDOMIZE);
    }
    int defaults[] = { SIGPIPE, SIGINT, SIGTERM, SIGQUIT, SIGHUP };
    for (unsigned k = 0; k < sizeof defaults / sizeof defaults[0]; k++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = SIG_DFL;
        sigaction(defaults[k], &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if ((in_fd >= 0 && dup2(in_fd, 0) < 0) || (out_fd >= 0 && dup2(out_fd, 1) < 0)
        || (err_fd >= 0 && dup2(err_fd, 2) < 0)) _exit(127);
    execve(path, argv, envp ? envp : environ);
    _exit(127);
}

int dbp_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
              int new_group, int fixed_layout, int die_with_parent) {
    if (die_with_parent) return fork_exec(path, argv, envp, in_fd, out_fd, err_fd, new_group, fixed_layout);
    int previous = -1;
    if (fixed_layout) {
        previous = personality(0xffffffff);
        if (previous != -1 && !(previous & ADDR_NO_RANDOMIZE)) {
            if (personality((unsigned long)previous | ADDR_NO_RANDOMIZE) == -1) previous = -1;
        } else {
            previous = -1;
        }
    }
    int pid = spawn(path, argv, envp, in_fd, out_fd, err_fd, new_group, 0);
    int saved = errno;
    if (previous != -1) personality((unsigned long)previous);
    errno = saved;
    return pid;
}

/* This process's children, from /proc/self/task/<tid>/children of every thread; the count, or -1. */
int dbp_children(int *pids, int capacity) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    struct dirent *entry;
    char path[64], text[4096];
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "/proc/self/task/%s/children", entry->d_name);
        FILE *file = fopen(path, "r");
        if (!file) continue;
        size_t n = fread(text, 1, sizeof text - 1, file);
        fclose(file);
        text[n] = 0;
        char *cursor = text;
        while (*cursor) {
            char *end;
            long pid = strtol(cursor, &end, 10);
            if (end == cursor) break;
            if (count < capacity) pids[count] = (int)pid;
            count++;
            cursor = end;
        }
    }
    closedir(tasks);
    return count;
}

int dbp_exit_watch_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int dbp_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int dbp_sysctl_string(const char *name, char *buffer, size_t length) {
    (void)name; (void)buffer; (void)length;
    errno = ENOSYS;
    return -1;
}

int64_t dbp_sysctl_int(const char *name) {
    (void)name;
    errno = ENOSYS;
    return -1;
}

#elif defined(__APPLE__)
/* ---- Darwin (macOS), from Darwin's documented APIs; built and checked here by the portability
   check only, not run: no machine of this project's CI runs macOS. ------------------------- */
#include <malloc/malloc.h>
#include <mach/mach.h>
#include <pthread.h>
#include <sys/event.h>
#include <sys/mman.h>
#include <sys/sysctl.h>

#ifndef _POSIX_SPAWN_DISABLE_ASLR
#define _POSIX_SPAWN_DISABLE_ASLR 0x0100
#endif

/* No hardware counters for a process of its own on macOS without the kperf framework: the
   instructions figure is `unavailable` there (Linux CI counts them). */
int dbp_instructions_open(void) {
    errno = ENOSYS;
    return -1;
}

uint64_t dbp_malloc_in_use(void) {
    malloc_statistics_t stats;
    malloc_zone_statistics(NULL, &stats);
    return (uint64_t)stats.size_in_use;
}

uint64_t dbp_peak_rss_bytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_maxrss; /* bytes on Darwin */
}

uint64_t dbp_thread_cpu_ns(void) { return clock_gettime_nsec_np(CLOCK_THREAD_CPUTIME_ID); }
uint64_t dbp_monotonic_ns(void) { return clock_gettime_nsec_np(CLOCK_UPTIME_RAW); }

/* Allocation counting: the default malloc zone's malloc, calloc and realloc are wrapped (the zone
   structure of <malloc/malloc.h>; its page is made writable for the swap) and count while counting
   is switched on. */
static int counting_enabled;
static uint64_t allocation_count;
static uint64_t allocated_bytes;
static void *(*original_malloc)(struct _malloc_zone_t *, size_t);
static void *(*original_calloc)(struct _malloc_zone_t *, size_t, size_t);
static void *(*original_realloc)(struct _malloc_zone_t *, void *, size_t);

static void note_allocation(size_t size) {
    if (__atomic_load_n(&counting_enabled, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocation_count, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&allocated_bytes, size, __ATOMIC_RELAXED);
    }
}

static void *counting_malloc(struct _malloc_zone_t *zone, size_t size) {
    note_allocation(size);
    return original_malloc(zone, size);
}

static void *counting_calloc(struct _malloc_zone_t *zone, size_t count, size_t size) {
    note_allocation(count * size);
    return original_calloc(zone, count, size);
}

static void *counting_realloc(struct _malloc_zone_t *zone, void *pointer, size_t size) {
    note_allocation(size);
    return original_realloc(zone, pointer, size);
}

static int install_counting_zone(void) {
    if (original_malloc) return 0;
    malloc_zone_t *zone = malloc_default_zone();
    if (!zone) return -1;
    vm_size_t page = (vm_size_t)getpagesize();
    vm_address_t start = (vm_address_t)zone & ~(page - 1);
    if (mprotect((void *)start, page, PROT_READ | PROT_WRITE) != 0) return -1;
    original_malloc = zone->malloc;
    original_calloc = zone->calloc;
    original_realloc = zone->realloc;
    zone->malloc = counting_malloc;
    zone->calloc = counting_calloc;
    zone->realloc = counting_realloc;
    mprotect((void *)start, page, PROT_READ);
    return 0;
}

int dbp_allocations_start(void) {
    if (install_counting_zone() != 0) return -1;
    __atomic_store_n(&allocation_count, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&allocated_bytes, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&counting_enabled, 1, __ATOMIC_RELAXED);
    return 0;
}

void dbp_allocations_stop(uint64_t *count, uint64_t *bytes) {
    __atomic_store_n(&counting_enabled, 0, __ATOMIC_RELAXED);
    *count = __atomic_load_n(&allocation_count, __ATOMIC_RELAXED);
    *bytes = __atomic_load_n(&allocated_bytes, __ATOMIC_RELAXED);
}

/* macOS's allocator has no adaptive mmap threshold to fix. */
void dbp_malloc_fix_thresholds(void) {}

/* No parent-death signal on Darwin: a thread waits for the parent's exit with kqueue
   (EVFILT_PROC, NOTE_EXIT) and raises the signal. */
static void *watch_parent(void *argument) {
    int signal_number = (int)(intptr_t)argument;
    int queue = kqueue();
    if (queue < 0) return NULL;
    struct kevent change;
    EV_SET(&change, getppid(), EVFILT_PROC, EV_ADD | EV_ONESHOT, NOTE_EXIT, 0, NULL);
    struct kevent event;
    if (kevent(queue, &change, 1, &event, 1, NULL) >= 0) raise(signal_number);
    return NULL;
}

int dbp_die_with_parent(int signal_number) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, watch_parent, (void *)(intptr_t)signal_number) != 0) return -1;
    pthread_detach(thread);
    if (getppid() == 1) raise(signal_number);
    return 0;
}

/* No subreaper on Darwin: a helper that leaves the process group outlives it. */
int dbp_become_subreaper(void) {
    errno = ENOSYS;
    return -1;
}

int dbp_fixed_layout_supported(void) { return 1; }

/* No parent-death signal on Darwin for a program of someone else's: `die_with_parent` is not
   honoured (the child is killed with its group when DiffBench ends normally or on a signal). */
int dbp_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
              int new_group, int fixed_layout, int die_with_parent) {
    (void)die_with_parent;
    return spawn(path, argv, envp, in_fd, out_fd, err_fd, new_group, fixed_layout ? _POSIX_SPAWN_DISABLE_ASLR : 0);
}

/* No list of a process's children without libproc; orphans of a child are not reaped here. */
int dbp_children(int *pids, int capacity) {
    (void)pids; (void)capacity;
    errno = ENOSYS;
    return -1;
}

/* A kqueue that reports the child's exit: poll(2) sees it readable once the child has exited. */
int dbp_exit_watch_open(int pid) {
    int queue = kqueue();
    if (queue < 0) return -1;
    struct kevent change;
    EV_SET(&change, pid, EVFILT_PROC, EV_ADD | EV_ONESHOT, NOTE_EXIT, 0, NULL);
    if (kevent(queue, &change, 1, NULL, 0, NULL) < 0) {
        int saved = errno;
        close(queue);
        errno = saved;
        return -1;
    }
    fcntl(queue, F_SETFD, FD_CLOEXEC);
    return queue;
}

int dbp_pipe_cloexec(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

int dbp_sysctl_string(const char *name, char *buffer, size_t length) {
    size_t size = length;
    if (sysctlbyname(name, buffer, &size, NULL, 0) != 0) return -1;
    buffer[size < length ? size : length - 1] = 0;
    return 0;
}

int64_t dbp_sysctl_int(const char *name) {
    int64_t value = 0;
    size_t size = sizeof value;
    if (sysctlbyname(name, &value, &size, NULL, 0) != 0) return -1;
    if (size == sizeof(int32_t)) return (int64_t)*(int32_t *)&value;
    return value;
}

#else
#error "DiffBench runs on Linux and Darwin (macOS)"
#endif
