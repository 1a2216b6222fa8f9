// Parsing and printing the instruction forms of nki_ops.def.
#include "codegen/nki_form.h"

#include "codegen/codegen_error.h"
#include "codegen/nki_common.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <utility>
#include <vector>

namespace tirx {

namespace {

struct NamedForm {
    std::string_view name;
    NkiOperandForm form;
};

constexpr NamedForm kNamedForms[] = {
    {"expr", NkiOperandForm::Expr},
    {"access", NkiOperandForm::Access},
    {"opcode", NkiOperandForm::Opcode},
    {"flag", NkiOperandForm::Flag},
    {"assign", NkiOperandForm::Assign},
    {"input", NkiOperandForm::Input},
    {"tuple", NkiOperandForm::Tuple},
    {"axis", NkiOperandForm::Axis},
    {"dtype", NkiOperandForm::Dtype},
    {"pattern", NkiOperandForm::Pattern},
    {"channel_multiplier", NkiOperandForm::ChannelMultiplier},
    {"cmp_op", NkiOperandForm::CmpOp},
    {"offset", NkiOperandForm::Offset},
};

NkiForm parseForm(NkiOp op, NkiApi api, std::string_view function, std::string_view text)
{
    NkiForm form;
    form.function = function;
    const Callable& row = callableOf(op);
    const auto fail = [&](std::string why) {
        form.error = "the " + std::string(row.name) + " form \"" + std::string(text) + "\" " + std::move(why);
        return form;
    };
    const auto addText = [&](std::string_view t) {
        if (!t.empty()) form.pieces.push_back({NkiFormPiece::Kind::Text, t, 0});
    };
    bool called = false;
    size_t start = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '@') {
            addText(text.substr(start, i - start));
            if (function.empty()) return fail("calls @ but the row names no function");
            form.pieces.push_back({NkiFormPiece::Kind::Function, function, 0});
            called = true;
            start = i + 1;
        } else if (text[i] == '{') {
            addText(text.substr(start, i - start));
            const size_t close = text.find('}', i);
            if (close == std::string_view::npos) return fail("has an unclosed {");
            const std::string_view inner = text.substr(i + 1, close - i - 1);
            if (inner.starts_with('#')) {
                form.pieces.push_back({NkiFormPiece::Kind::Fresh, inner.substr(1), 0});
            } else {
                const size_t colon = inner.find(':');
                const std::string_view name = inner.substr(0, colon);
                const std::string_view named = colon == std::string_view::npos ? "" : inner.substr(colon + 1);
                size_t index = row.params.size();
                for (size_t p = 0; p < row.params.size(); ++p) {
                    if (row.params[p].name == name) index = p;
                }
                if (index == row.params.size()) return fail("names '" + std::string(name) + "', not an operand");
                NkiFormPiece piece{NkiFormPiece::Kind::Operand, {}, index, usualForm(row.params[index], api)};
                if (!named.empty()) {
                    const auto* it = std::find_if(std::begin(kNamedForms), std::end(kNamedForms),
                                                  [&](const NamedForm& f) { return f.name == named; });
                    if (it == std::end(kNamedForms)) return fail("names the form '" + std::string(named) + "'");
                    piece.form = it->form;
                }
                form.pieces.push_back(piece);
            }
            i = close;
            start = close + 1;
        }
    }
    addText(text.substr(start));
    if (!function.empty() && !called) return fail("never calls its function " + std::string(function));
    return form;
}

// The operand count the printers check (spec 06 §1.2): the signature's,
// at least that with a trailing *name; memset takes at least its two.
void checkArity(const CallNode& c, NkiOp op)
{
    const Callable& row = callableOf(op);
    const bool variadic = !row.params.empty() && row.params.back().variadic;
    requireArgs(c, row.params.size(), variadic || op == NkiOp::Memset);
}

} // namespace

const NkiForm& nkiForm(NkiOp op, NkiApi api)
{
    // Parsed on first use: the callable table the operand names resolve in is built at run time.
    static const std::vector<std::array<NkiForm, 2>> parsed = [] {
        std::vector<std::array<NkiForm, 2>> out;
        for (const NkiOpInfo& info : nkiOps()) {
            out.push_back({parseForm(info.op, NkiApi::Legacy, info.legacy, info.legacyForm),
                           parseForm(info.op, NkiApi::Current, info.current, info.currentForm)});
        }
        return out;
    }();
    return parsed[static_cast<size_t>(op)][api == NkiApi::Legacy ? 0 : 1];
}

std::string_view nkiOperandFormName(NkiOperandForm form)
{
    for (const NamedForm& f : kNamedForms) {
        if (f.form == form) return f.name;
    }
    return {};
}

NkiOperandForm usualForm(const CallableParam& param, NkiApi api)
{
    if (param.opcodes != OpcodeUse::None) return NkiOperandForm::Opcode;
    if (param.type == "bool") return NkiOperandForm::Flag;
    if (param.role == ParamRole::Tensor && api == NkiApi::Current) return NkiOperandForm::Access;
    return NkiOperandForm::Expr;
}

std::string printNkiForm(const CallNode& c, NkiOp op, NkiApi api, const NkiFormPrinter& printer)
{
    checkArity(c, op);
    const NkiForm& form = nkiForm(op, api);
    if (!form.error.empty()) codegenFail(c.span(), form.error);
    const Callable& row = callableOf(op);
    const std::span<const Expr> args(c.args());
    std::vector<std::pair<std::string_view, std::string>> freshNames;
    std::string out;
    for (const NkiFormPiece& piece : form.pieces) {
        switch (piece.kind) {
        case NkiFormPiece::Kind::Text:
        case NkiFormPiece::Kind::Function: out += piece.text; break;
        case NkiFormPiece::Kind::Fresh: {
            auto it = freshNames.begin();
            while (it != freshNames.end() && it->first != piece.text) ++it;
            if (it == freshNames.end()) it = freshNames.insert(it, {piece.text, printer.fresh(piece.text)});
            out += it->second;
            break;
        }
        case NkiFormPiece::Kind::Operand: {
            const CallableParam& param = row.params[piece.operand];
            const size_t count = param.variadic ? args.size() - piece.operand : 1;
            out += printer.operand({param, args.subspan(piece.operand, count), piece.form});
            break;
        }
        }
    }
    return out;
}

void unknownNkiForm(const CallNode& c, const NkiFormOperand& o)
{
    codegenFail(c.span(), "the form of '" + c.op() + "' prints '" + std::string(o.param.name) + "' as '" +
                              std::string(nkiOperandFormName(o.form)) + "', which this API's printer has no form for");
}

} // namespace tirx
