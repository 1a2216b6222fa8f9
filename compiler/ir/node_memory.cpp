#include "ir/node_memory.h"

#if TIRX_HAVE_MIMALLOC
#include <mimalloc.h>
#endif

namespace tirx {

#if TIRX_HAVE_MIMALLOC

namespace {

// A mimalloc heap allocates only on the thread that made it (any thread may
// free into it), so each thread that builds IR has its own statement heap.
// mimalloc hands a thread's heaps back when the thread ends.
mi_heap_t* statementHeap()
{
    thread_local mi_heap_t* heap = mi_heap_new();
    return heap;
}

// The explorer lowers the module again after every edit, and each run frees
// the previous run's snapshots just before it allocates as much again.
// mimalloc would hand freed pages back to the system after 25 ms and then
// fault in fresh zeroed ones, which on a kernel of thousands of tiles is a
// large share of the lowering time; keeping them for two seconds lets a run
// reuse what the one before it freed. Set before main(), in every program
// that builds IR.
const bool kKeepFreedPages = [] {
    mi_option_set(mi_option_decommit_delay, 2000);
    mi_option_set(mi_option_segment_decommit_delay, 2000);
    return true;
}();

} // namespace

void* allocateStatementNode(std::size_t bytes)
{
    if (void* p = mi_heap_malloc(statementHeap(), bytes)) return p;
    throw std::bad_alloc{};
}

void freeStatementNode(void* p) noexcept { mi_free(p); }

#else

void* allocateStatementNode(std::size_t bytes) { return ::operator new(bytes); }
void freeStatementNode(void* p) noexcept { ::operator delete(p); }

#endif

} // namespace tirx
