#pragma once

// Internal to the TVMScript parser: the recursive-descent parser state shared
// by parser.cpp (file, functions, statements), parse_expr.cpp (expressions),
// parse_call.cpp (calls) and parse_tensor.cpp (tensor types and layouts).

#include "ir/callables.h"
#include "ir/edit_distance.h"
#include "ir/function.h"
#include "ir/make.h"
#include "ir/stmt.h"
#include "ir/tensor_type.h"
#include "script/lexer.h"
#include "script/parser.h"
#include "script/scope.h"

#include <array>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tirx::script {

// Token texts are 1 to 8 characters: an inline compare beats a memcmp call,
// and the parser compares the current token against many spellings.
[[nodiscard]] inline bool sameText(std::string_view a, std::string_view b)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i] != b[i]) return false;
    }
    return true;
}

// Thrown after a diagnostic was recorded; caught at statement level, where the
// parser skips to the next statement. Never leaves parseModule.
struct ParseError {};

// A parsed call argument before it is matched to a parameter.
struct Arg {
    std::string_view keyword; // empty for positional
    Value value;
    Span span;
};

// What a statement-level call asks the block parser to do.
struct FlatRegion {
    std::string op;
    std::vector<Expr> args;
    Attrs attrs;
};

class Parser {
public:
    explicit Parser(std::string_view source);
    ParseResult run();

    // ---- tokens (parser.cpp)
    // The parser reads a window of the token stream: the previous token, the
    // current one and one token of look-ahead are always there. A reference
    // returned here stays valid for the next few advances only (kWindowKeep);
    // keep a copy (tokens are small and trivially copyable) to hold one across
    // a parse.
    [[nodiscard]] const Token& cur() const { return m_window[m_pos & kWindowMask]; }
    [[nodiscard]] const Token& peekTok() const
    {
        return m_window[(m_pos + 1 < m_lexed ? m_pos + 1 : m_lexed - 1) & kWindowMask];
    }
    [[nodiscard]] const Token& prev() const { return m_window[(m_pos > 0 ? m_pos - 1 : 0) & kWindowMask]; }
    const Token& advance()
    {
        const Token& t = cur();
        if (t.kind != TokenKind::EndOfFile) {
            ++m_pos;
            // The new current token and one of look-ahead; the lexer works
            // ahead, so this is rarely needed.
            if (m_lexed < m_pos + 2 && !m_sawEnd) pullTokens(m_pos + 2);
        }
        return t;
    }
    void pullTokens(size_t count);
    [[nodiscard]] bool isOp(std::string_view op) const
    {
        return cur().kind == TokenKind::Operator && sameText(cur().text, op);
    }
    [[nodiscard]] bool isKw(std::string_view kw) const
    {
        return cur().kind == TokenKind::Keyword && sameText(cur().text, kw);
    }
    bool acceptOp(std::string_view op);
    bool acceptKw(std::string_view kw);
    const Token& expectOp(std::string_view op, std::string_view context = {});
    const Token& expectName(std::string_view what);
    void expectNewline();
    [[nodiscard]] Span spanFrom(const Span& start) const { return Span::merge(start, prev().span); }

    // ---- diagnostics
    void error(Span span, std::string message);
    void warning(Span span, std::string message);
    [[noreturn]] void fail(Span span, std::string message);
    [[noreturn]] void failAtCurrent(std::string message);
    [[noreturn]] void quietFail() { throw ParseError{}; }

    // ---- file level (parser.cpp)
    void parseFile();
    void parseImport();
    void parseTopLevelStatement();
    void parseDecorated();
    void parseClass();
    void parseFunction(bool isPrivate, Span decoSpan);
    Var parseParam();

    // ---- statements (parser.cpp)
    std::vector<Stmt> parseBlockBody();
    std::vector<Stmt> parseStmtList();
    Stmt parseSuite();
    Stmt parseStatement(std::optional<FlatRegion>& flat);
    Stmt parseSimpleStatement(std::optional<FlatRegion>& flat);
    Stmt parseFor();
    Stmt parseIf();
    Stmt parseWhile();
    Stmt parseLoopBody(); // a for or while body, where break and continue belong
    Stmt parseWith();
    Stmt parseAssert();
    Stmt parseAssignment(const Value& target, Span start);
    void skipStatement();

    // ---- expressions (parse_expr.cpp)
    Value parseExpr();
    Value parseExprOrTuple();
    Value parseOr();
    Value parseAnd();
    Value parseNot();
    Value parseComparison();
    Value parseArith();
    Value parseTerm();
    Value parseUnary();
    Value parsePower();
    Value parsePostfix();
    Value parseAtom();
    Value parseLambda();
    Value parseSubscript(const Value& base, Span start);
    Value parseSeqOrParen();
    Value parseList();
    Value parseDict();
    Value parseNumber(const Token& t);
    std::string decodeString(const Token& t);
    Value lookupName(const Token& t);
    Value attribute(Value base, const Token& name, Span span);
    Value binaryOp(std::string_view op, const Value& a, const Value& b, Span span);
    Value unaryMinus(const Value& a, Span span);
    // Fails once the expression being read has more than kMaxExprOperators.
    void countOperator(Span span);
    // Sequences are values the parser copies: their size, nested items
    // included, is capped so that a few lines cannot ask for gigabytes.
    [[nodiscard]] static size_t sequenceWeight(const Value& v);
    // Adds item's weight to a sequence's; fails past kMaxSequenceItems.
    void addWeight(size_t& weight, const Value& item);

    // conversions
    Expr toExpr(const Value& v, std::string_view what);
    Expr toOperand(const Value& v); // str → StringImm, seq → Tuple, None → ()
    std::optional<int64_t> pyInt(const Value& v) const;
    int64_t requireInt(const Value& v, std::string_view what);
    std::string requireStr(const Value& v, std::string_view what);
    DataType requireDtype(const Value& v);
    std::vector<Expr> toShape(const Value& v, std::string_view what);
    Expr pyToIR(const Value& v);
    Attrs toAttrs(const Value& dict, std::string_view what);

    // ---- calls (parse_call.cpp)
    std::vector<Arg> parseCallArgs(); // hand the vector back with recycleArgs when done
    void recycleArgs(std::vector<Arg>&& args);
    Value parseCall(const Value& callee, Span start);
    Value callNamespace(std::string_view path, std::vector<Arg>& args, Span span);
    Value callBuiltin(std::string_view name, std::vector<Arg>& args, Span span, bool& handled);
    Value callTable(std::string_view path, std::vector<Arg>& args, Span span);
    Value callOldTile(std::string_view name, std::vector<Arg>& args, Span span);
    Expr toRegion(const Value& v, std::string_view param, std::string_view callee);
    Expr toQualifier(const Value& v, std::string_view param, std::string_view callee);
    // Fails at the string unless it names an opcode the parameter accepts.
    void checkOpcode(const Value& v, const CallableParam& param, std::string_view callee);
    // The IR value of a parameter's default; null when it has none.
    Expr defaultExpr(const CallableParam& param);
    Value regionCall(const std::string& op, std::vector<Expr> regionArgs, Attrs attrs, Span span);
    std::optional<FlatRegion> asRegionMarker(const Value& v);

    // ---- tensors and layouts (parse_tensor.cpp)
    TensorTypeRef tensorType(std::vector<Arg>& args, Span span, std::string_view callee);
    Value allocTensor(std::vector<Arg>& args, Span span);
    Value declTensor(std::vector<Arg>& args, Span span);
    Value viewTensor(const Value& method, std::vector<Arg>& args, Span span);
    Layout resolveLayout(const Value* layoutArg, const std::vector<Expr>& shape, const std::string& scope,
                         bool oldDefault);
    // The module's one node for a constant type declared many times over;
    // a type that is not constant gets a node of its own.
    TensorTypeRef shareType(TensorType::Fields fields);
    Value tileLayout(std::vector<Arg>& args, Span span);
    // layout.to_psum(): the layout split into PSUM banks (chapter 02 §7.2).
    Value layoutToPsum(const Value& method, std::vector<Arg>& args, Span span);
    Value layoutFromIters(std::vector<Arg>& args, Span span);
    Value shardSpec(bool replica, Span start);
    Iter makeIter(const Value& extent, const Value& stride);
    std::string checkScope(const Value& v);
    Expr dataPointer(const Value& tensor, Span span);

    // ---- state
    static constexpr size_t kWindowSize = 128; // a power of two
    static constexpr size_t kWindowMask = kWindowSize - 1;
    // Tokens behind the current one that the lexer leaves alone; the rest of
    // the window is filled ahead in one go.
    static constexpr size_t kWindowKeep = 32;
    std::string_view m_src;
    TokenStream m_stream;
    std::array<Token, kWindowSize> m_window;
    size_t m_lexed = 0;                 // tokens moved into the window so far
    bool m_sawEnd = false;              // the EndOfFile token is in the window
    size_t m_pos = 0;                   // the current token's index in the stream
    std::vector<Diagnostic> m_lexDiags; // the lexer's, kept apart: they win over the parser's at one position
    std::vector<Diagnostic> m_diags;
    size_t m_errors = 0;
    bool m_stopped = false;
    int m_depth = 0;      // expression nesting
    int m_blockDepth = 0; // statement nesting
    int m_elifDepth = 0;  // elif branches of the chains being read
    int m_loopDepth = 0;  // loops around the statement being read
    // Operators in the expression statement being read: the IR of a chain
    // is as deep as it is long, and every walk over it recurses.
    int m_exprOperators = 0;
    Scopes m_scopes;
    std::vector<Module::Entry> m_functions;
    std::unordered_map<std::string, Span> m_functionNames;
    std::optional<std::string> m_target;
    Span m_targetSpan;
    bool m_sawModule = false;
    // Argument vectors of finished calls, reused by the next calls: a module
    // has thousands of calls, and growing a fresh vector for each one was a
    // large share of all allocations.
    static constexpr size_t kArgPoolSize = 16;
    std::vector<std::vector<Arg>> m_argPool;
    // parseFor's loop names and positional bounds (not kept across the body).
    std::vector<Token> m_loopNames;
    std::vector<Expr> m_loopBounds;
    // Constant tensor types by constantTypeKey: kernels declare thousands of
    // tiles of a few kinds, and every pass reads each allocation's type, so
    // one shared node per kind keeps that reading in cache. The locations of
    // a shared type's constants are those of its first declaration.
    std::unordered_map<std::string, TensorTypeRef> m_typesByKey;
    // Per-function state.
    Attrs m_funcAttrs;
    bool m_inFunction = false;
    bool m_attrsAllowed = false;
};

// RAII nesting guard: every recursive production takes one, so pathological
// input ends in a diagnostic instead of a stack overflow.
class DepthGuard {
public:
    DepthGuard(Parser& p, int& counter, int limit, const char* message) : m_counter(counter)
    {
        if (++m_counter > limit) {
            --m_counter;
            p.failAtCurrent(message);
        }
    }
    ~DepthGuard() { --m_counter; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

private:
    int& m_counter;
};

inline constexpr int kMaxExprDepth = 200;
inline constexpr int kMaxBlockDepth = 100;
inline constexpr int kMaxExprOperators = 1000;
// Values in one Python sequence the parser builds (a literal, `+` or `*`),
// nested ones included.
inline constexpr size_t kMaxSequenceItems = 100'000;
inline constexpr const char* kIntOverflow = "integer overflow: the result does not fit in 64 bits";
[[nodiscard]] inline std::string sequenceTooLong()
{
    return "sequence is too long (more than " + std::to_string(kMaxSequenceItems) + " items)";
}

// True when toExpr(v, ...) returns v.expr without a diagnostic, so callers
// can skip building the message that a failure would need.
[[nodiscard]] inline bool isPlainExpr(const Value& v)
{
    return v.kind == Value::Kind::Expr && !v.partialIndex && v.expr->kind() != ExprKind::TensorRegion;
}

// "T.nki.memset" → the name with whatever alias the script used replaced by "T".
std::string describe(const Value& v);
// A token as a message quotes it: its text, or "end of line" and the like.
[[nodiscard]] std::string tokenDescription(const Token& t);

} // namespace tirx::script
