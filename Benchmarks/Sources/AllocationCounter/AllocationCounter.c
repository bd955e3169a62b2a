// Counts heap allocations per thread by defining the allocator's entry points in the executable.
// The dynamic linker binds every library's malloc calls (the Swift runtime's included) to these
// definitions, which bump a thread-local counter and forward to glibc's own implementation
// through its exported __libc_* entry points. free is left alone: it needs no counting.
// A thread-local counter keeps the wrapper free of shared writes, so thread benchmarks are not
// disturbed by it.
#include "AllocationCounter.h"
#include <errno.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread unsigned long thread_allocations;
static int wrapper_called;

void *malloc(size_t size) {
    thread_allocations++;
    if (!wrapper_called) wrapper_called = 1;  // written once: two threads share no cache line here
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    thread_allocations++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    thread_allocations++;
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    thread_allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    thread_allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    thread_allocations++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

unsigned long allocation_counter_thread_count(void) { return thread_allocations; }
int allocation_counter_is_active(void) { return wrapper_called; }

long long allocation_counter_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}

#else
unsigned long allocation_counter_thread_count(void) { return 0; }
int allocation_counter_is_active(void) { return 0; }
long long allocation_counter_heap_in_use(void) { return -1; }
#endif
