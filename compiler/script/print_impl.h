#pragma once

// Internal to the printer (printer.cpp, print_expr.cpp, print_stmt.cpp): the
// one output buffer, the name table and the per-node emitters. Not part of the
// library's interface.

#include "ir/callables.h"
#include "ir/function.h"
#include "ir/layout.h"
#include "ir/span.h"
#include "ir/tensor_type.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tirx::print_detail {

// Names of variables as printed. Each definition takes its hint, or the first
// free `hint_1`, `hint_2`, ... when a live variable already holds the hint.
// Scopes end with their block, so siblings may reuse a name (reference:
// IRDocsifier frees a name when its defining frame exits).
class NameTable {
public:
    NameTable();
    void pushScope();
    void popScope();
    // Gives v a name valid until the current scope ends.
    const std::string& define(const VarNode* v);
    // The printed name of v; a variable never defined (free) prints its hint.
    [[nodiscard]] std::string_view nameOf(const VarNode* v) const;

private:
    // Holds the names the printed text itself uses (T, keywords, builtins),
    // so that no variable takes one. Done at the first definition: the
    // small printers (an expression, the layout probe of every tensor
    // type) define nothing and pay nothing.
    void reserveNames();
    std::unordered_map<const VarNode*, std::string> m_names;
    std::unordered_map<std::string, int> m_live; // name -> number of variables holding it
    std::vector<std::vector<const VarNode*>> m_scopes;
};

class Printer {
public:
    // Whole modules and functions reserve their output up front; the small
    // printers (an expression, a layout probe per tensor type) do not.
    void reserve(size_t bytes) { m_out.reserve(bytes); }

    std::string take() { return std::move(m_out); }

    // Source map (printModuleWithSourceMap): off unless enabled, so plain
    // printing pays nothing. A statement or function marks where its output
    // starts and ends; a line belongs to the innermost one open at its start.
    void enableSourceMap() { m_mapping = true; }
    void enterSpan(const Span& span);
    void leaveSpan();
    // One span per line of `text` (the printed output).
    [[nodiscard]] std::vector<Span> lineSpans(std::string_view text) const;

    // Module / function (printer.cpp).
    void module(const Module& m);
    void function(const Function& fn, const std::string& name, int indent);

    // Expressions and types (print_expr.cpp).
    void expr(const Expr& e) { expr(e.get(), 0); }
    void expr(const ExprNode* e, int parentPrec);
    void tensorType(const TensorType& t);
    void layout(const TileLayout& l);
    void stringLit(std::string_view s);
    void attrDict(const Attrs& attrs);
    // "T.nki.load" for "tirx.nki.load": the callable table's script name.
    static std::string scriptName(std::string_view op);

    // Statements (print_stmt.cpp).
    void stmtBlock(const Stmt& body, int indent);

    NameTable names;

private:
    void exprList(const std::vector<Expr>& xs);
    // `k=v, ...` after `first` (true when nothing precedes); returns the new `first`.
    bool keywords(const Attrs& attrs, bool first);
    // A qualifier value as the Python constant the parser expects (True,
    // 512, "sum", (1, 3)); false (with partial output) when it is not one.
    bool pyConst(const Expr& e);
    void intImm(const IntImmNode& e, int parentPrec);
    void floatImm(const FloatImmNode& e);
    void binary(const BinaryNode& e, int parentPrec);
    void call(const CallNode& e);
    void tileOpCall(const CallNode& e, const Callable& c);
    void lambda(const CallNode& e);
    void allocDecl(const CallNode& e);
    void region(const TensorRegionNode& e);

    void stmts(const std::vector<Stmt>& list, int indent);
    void stmt(const Stmt& s, int indent, bool last);
    void forLoop(const ForNode& f, int indent);
    void bind(const BindNode& b, int indent);
    void regionStmt(const RegionNode& r, int indent, bool last);
    void line(int indent) { m_out.append(static_cast<size_t>(indent) * 4, ' '); }

    std::string m_out;
    bool m_mapping = false;
    std::vector<Span> m_open;                     // spans of the nodes being printed
    std::vector<std::pair<size_t, Span>> m_marks; // (output offset, span in force from there)
};

// Marks a node's output for the source map for as long as it lives.
class SpanScope {
public:
    SpanScope(Printer& p, const Span& span) : m_p(p) { m_p.enterSpan(span); }
    ~SpanScope() { m_p.leaveSpan(); }
    SpanScope(const SpanScope&) = delete;
    SpanScope& operator=(const SpanScope&) = delete;

private:
    Printer& m_p;
};

// Python operator precedence (higher binds tighter).
enum Prec : int {
    kPrecNone = 0,
    kPrecOr = 1,
    kPrecAnd = 2,
    kPrecNot = 3,
    kPrecCompare = 4,
    kPrecAdd = 5,
    kPrecMul = 6,
    kPrecUnary = 7,
    kPrecAtom = 8,
};

// Python's repr of a double ("1.0", "0.1", "1e-05", "1e+20", "inf").
[[nodiscard]] std::string pythonFloatRepr(double v);

} // namespace tirx::print_detail
