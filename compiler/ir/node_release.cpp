#include "ir/node_release.h"

#include "ir/node_memory.h"
#include "ir/stmt.h"

#include <vector>

namespace tirx::detail {

namespace {

// The per-thread list lives until the thread (or the program) ends; nodes
// freed after that, such as the op table's static default values at exit,
// are released by their destructors as usual. `alive` is trivially
// destructible, so it can still be read then.
template <class Node> struct Buried {
    std::vector<Node> nodes;
    bool draining = false;
    bool* alive;
    explicit Buried(bool* a) : alive(a) { *alive = true; }
    ~Buried() { *alive = false; }
};

thread_local bool t_exprListAlive = false;
thread_local bool t_stmtListAlive = false;

Buried<Expr>* buried()
{
    thread_local Buried<Expr> b{&t_exprListAlive};
    return t_exprListAlive ? &b : nullptr;
}

Buried<Stmt>* buriedStatements()
{
    thread_local Buried<Stmt> b{&t_stmtListAlive};
    return t_stmtListAlive ? &b : nullptr;
}

template <class Node> void drain(Buried<Node>* b) noexcept
{
    if (!b || b->draining) return;
    b->draining = true;
    while (!b->nodes.empty()) {
        Node last = std::move(b->nodes.back());
        b->nodes.pop_back();
        last.reset();
    }
    b->draining = false;
}

// The node being destroyed was created non-const (allocate_shared<T>), so
// taking its children apart is sound.
void buryStatement(const Stmt& child) noexcept
{
    if (!child || child.use_count() != 1) return;
    if (auto* b = buriedStatements()) b->nodes.push_back(std::move(const_cast<Stmt&>(child)));
}

} // namespace

void buryStatementChildren(const StmtNode& s) noexcept
{
    switch (s.kind()) {
    case StmtKind::Seq:
        for (const Stmt& c : static_cast<const SeqStmtNode&>(s).stmts()) buryStatement(c);
        return;
    case StmtKind::For: return buryStatement(static_cast<const ForNode&>(s).body());
    case StmtKind::While: return buryStatement(static_cast<const WhileNode&>(s).body());
    case StmtKind::If:
        buryStatement(static_cast<const IfNode&>(s).thenBody());
        buryStatement(static_cast<const IfNode&>(s).elseBody());
        return;
    case StmtKind::Region: return buryStatement(static_cast<const RegionNode&>(s).body());
    case StmtKind::Bind:
    case StmtKind::TensorStore:
    case StmtKind::Evaluate:
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Assert: return;
    }
}

void drainBuriedStatements() noexcept { drain(buriedStatements()); }

void buryLast(const Expr& child) noexcept
{
    auto* b = buried();
    if (!b) return;
    b->nodes.push_back(std::move(const_cast<Expr&>(child)));
    t_buriedPending = true;
}

void drainPending() noexcept
{
    auto* b = buried();
    if (!b || b->draining) return;
    drain(b);
    t_buriedPending = false;
}

} // namespace tirx::detail
