#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Heap allocations (malloc, calloc, realloc, aligned variants) made by the calling thread since
/// it started. Always 0 where the counter cannot be installed (not glibc).
unsigned long allocation_counter_thread_count(void);

/// Bytes of heap in use (glibc mallinfo2: in-use arena bytes plus mmapped blocks), or -1.
long long allocation_counter_heap_in_use(void);

/// Whether the counter wraps the allocator in this process.
int allocation_counter_is_active(void);

#endif
