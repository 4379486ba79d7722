#define _GNU_SOURCE
#include "CSystemProbes.h"
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>
#include <string.h>
#include <time.h>
#include <malloc.h>

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
