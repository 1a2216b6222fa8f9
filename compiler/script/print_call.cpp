// Calls in canonical TVMScript: builtin and op calls, the lambda of
// affine_select, tile ops with their operands, workspaces and qualifiers,
// and the tensor declarations (chapter 01 §10.2; chapter 05 §1.2).

#include "script/print_impl.h"

#include "ir/callables.h"
#include "ir/make.h"

namespace tirx::print_detail {

namespace {

// A qualifier's default as the printer writes the same value: lists come
// back as tuples.
std::string printedDefault(const DefaultValue& d)
{
    if (d.kind == DefaultValue::Kind::EmptyList) return "()";
    if (d.kind != DefaultValue::Kind::Ints) return defaultText(d);
    std::string s = "(";
    for (size_t i = 0; i < d.integers.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(d.integers[i]);
    }
    return s + (d.integers.size() == 1 ? ",)" : ")");
}

} // namespace

void Printer::call(const CallNode& e)
{
    const std::string& op = e.op();
    if (op == kTensorDataPtr && e.args().size() == 1 && as<VarNode>(e.args()[0])) {
        m_out += names.nameOf(as<VarNode>(e.args()[0]));
        m_out += ".data";
        return;
    }
    if (op == kAllocTensor || op == kDeclTensor) {
        allocDecl(e);
        return;
    }
    if (op == kLambda && e.args().size() == 2) {
        lambda(e);
        return;
    }
    const Callable* c = e.callable();
    if (c && c->kind == CallableKind::TileOp) {
        tileOpCall(e, *c);
        return;
    }
    m_out += c ? std::string(c->name) : scriptName(op);
    m_out += '(';
    exprList(e.args());
    bool first = keywords(e.attrs(), e.args().empty());
    if (!e.tyArgs().empty()) {
        if (!first) m_out += ", ";
        m_out += "ty_args=[";
        for (size_t i = 0; i < e.tyArgs().size(); ++i) {
            if (i) m_out += ", ";
            tensorType(*e.tyArgs()[i]);
        }
        m_out += ']';
    }
    m_out += ')';
}

// tirx.lambda((i, j), body), the predicate of affine_select, prints as the
// Python lambda it was parsed from.
void Printer::lambda(const CallNode& e)
{
    m_out += "lambda ";
    const auto* params = as<TupleNode>(e.args()[0]);
    for (size_t i = 0; params && i < params->fields().size(); ++i) {
        if (i) m_out += ", ";
        expr(params->fields()[i].get(), kPrecNone);
    }
    m_out += ": ";
    expr(e.args()[1].get(), kPrecNone);
}

// Tile ops (chapter 05 §1.2): operands positionally up to the last present
// one (absent ones in between as None), workspace operands by keyword,
// qualifiers by keyword in the table's order, then any other attrs sorted.
void Printer::tileOpCall(const CallNode& e, const Callable& c)
{
    auto absent = [](const Expr& x) {
        const auto* t = as<TupleNode>(x);
        return !x || (t && t->fields().empty());
    };
    std::vector<const CallableParam*> operands;
    std::vector<const CallableParam*> qualifiers;
    for (const auto& p : c.params) {
        (p.role == ParamRole::Qualifier ? qualifiers : operands).push_back(&p);
    }
    const auto& args = e.args();
    size_t lastPositional = 0; // one past the last present non-workspace operand
    for (size_t i = 0; i < args.size(); ++i) {
        const bool workspace = i < operands.size() && operands[i]->role == ParamRole::Workspace;
        if (!workspace && !absent(args[i])) lastPositional = i + 1;
    }
    m_out += c.name;
    m_out += '(';
    bool first = true;
    auto sep = [&] {
        if (!first) m_out += ", ";
        first = false;
    };
    for (size_t i = 0; i < lastPositional; ++i) {
        sep();
        if (absent(args[i])) {
            m_out += "None";
        } else {
            expr(args[i].get(), kPrecNone);
        }
    }
    for (size_t i = lastPositional; i < args.size(); ++i) {
        if (absent(args[i])) continue;
        sep();
        if (i < operands.size()) {
            m_out += operands[i]->name;
            m_out += '=';
        }
        expr(args[i].get(), kPrecNone);
    }
    std::vector<bool> printed(e.attrs().size(), false);
    const auto& entries = e.attrs().entries();
    auto qualifier = [&](const std::string& key, const Expr& value, const CallableParam* param) {
        const size_t mark = m_out.size();
        if (!pyConst(value)) {
            m_out.resize(mark);
            expr(value.get(), kPrecNone);
        }
        // The parser stores every defaulted qualifier; print only the chosen
        // ones, but always the operation selectors (TX2 prints opcode="exp"
        // even though it is the default).
        const bool selector = param && param->opcodes != OpcodeUse::None;
        if (param && !selector && param->hasDefault() &&
            std::string_view(m_out).substr(mark) == printedDefault(param->defaultValue)) {
            m_out.resize(mark);
            return;
        }
        const std::string text = m_out.substr(mark);
        m_out.resize(mark);
        sep();
        m_out += key;
        m_out += '=';
        m_out += text;
    };
    for (const auto* q : qualifiers) {
        for (size_t k = 0; k < entries.size(); ++k) {
            if (entries[k].first != q->name) continue;
            printed[k] = true;
            qualifier(entries[k].first, entries[k].second, q);
        }
    }
    for (size_t k = 0; k < entries.size(); ++k) {
        if (!printed[k]) qualifier(entries[k].first, entries[k].second, nullptr);
    }
    m_out += ')';
}

// TX3 forms: T.alloc_tensor((placement,), ty_args=[T.Tensor(...)]) and
// T.decl_tensor(data, ty_args=[T.Tensor(...)]).
void Printer::allocDecl(const CallNode& e)
{
    m_out += e.op() == kAllocTensor ? "T.alloc_tensor(" : "T.decl_tensor(";
    bool first = true;
    for (const auto& a : e.args()) {
        if (!first) m_out += ", ";
        first = false;
        expr(a.get(), kPrecNone);
    }
    if (!e.tyArgs().empty()) {
        if (!first) m_out += ", ";
        first = false;
        m_out += "ty_args=[";
        for (size_t i = 0; i < e.tyArgs().size(); ++i) {
            if (i) m_out += ", ";
            tensorType(*e.tyArgs()[i]);
        }
        m_out += ']';
    }
    if (!e.attrs().empty()) {
        if (!first) m_out += ", ";
        m_out += "annotations=";
        attrDict(e.attrs());
    }
    m_out += ')';
}

} // namespace tirx::print_detail
