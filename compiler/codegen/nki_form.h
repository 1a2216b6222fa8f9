#pragma once

#include "codegen/nki_api.h"
#include "ir/callables.h"
#include "ir/expr.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// The printed form of an instruction, read from its nki_ops.def row (the
// form language is described at the top of that file). Both NKI printers
// print every instruction through printNkiForm, so the row's function and
// operand keywords are the only spelling there is.

// How an operand is printed. The first four are an API's usual forms, what
// a bare `{name}` means (usualForm); the others are named in the form as
// `{name:form}`:
//   expr     the operand as an expression whatever its type
//   assign   (legacy) `+=` when the flag is 1, `=` otherwise (matmul's accum)
//   input    (legacy) an expression printed as a matmul input: lhs_F loops take the free slot
//   tuple    (legacy) the *name values as a Python tuple: `(-1,)`, `(-2, -1)`
//   axis     (current) one value bare, several as a tuple
//   dtype    (current) the nl dtype of a tensor operand (bfloat16 if it is no tensor access)
//   pattern, channel_multiplier, cmp_op, offset
//            (current) affine_select's predicate split into the iota the instruction compares
enum class NkiOperandForm : uint8_t {
    Expr,
    Access, // the tensor access (current API)
    Opcode, // the opcode string's NKI function
    Flag,   // True / False
    Assign,
    Input,
    Tuple,
    Axis,
    Dtype,
    Pattern,
    ChannelMultiplier,
    CmpOp,
    Offset,
};

// The usual form of a parameter in an API: the opcode function for opcode
// strings, the flag for bools, the access for a tensor (current API), the
// expression for everything else.
[[nodiscard]] NkiOperandForm usualForm(const CallableParam& param, NkiApi api);
// "channel_multiplier": the name a form writes.
[[nodiscard]] std::string_view nkiOperandFormName(NkiOperandForm form);

// One piece of a parsed form.
struct NkiFormPiece {
    enum class Kind : uint8_t {
        Text,     // literal text
        Function, // `@`: the row's function for the API
        Operand,  // `{name}` or `{name:form}`
        Fresh,    // `{#hint}`: a fresh Python name
    };
    Kind kind = Kind::Text;
    std::string_view text;                      // Text: the text; Function: the function; Fresh: the hint
    size_t operand = 0;                         // Operand: the parameter's position in the signature
    NkiOperandForm form = NkiOperandForm::Expr; // Operand: how it is printed
};

struct NkiForm {
    std::vector<NkiFormPiece> pieces;
    std::string_view function; // the row's function for the API; empty when the form calls none
    std::string error;         // a malformed row: what is wrong (test_op_tables checks every row is empty)
};

// The parsed form of `op` in `api`, parsed once.
[[nodiscard]] const NkiForm& nkiForm(NkiOp op, NkiApi api);

// One operand as a form asks for it.
struct NkiFormOperand {
    const CallableParam& param;
    // The call's argument for the parameter; for a trailing *name all the
    // remaining arguments.
    std::span<const Expr> values;
    NkiOperandForm form;
};

struct NkiFormPrinter {
    std::function<std::string(const NkiFormOperand&)> operand;
    std::function<std::string(std::string_view hint)> fresh;
};

// The text of `c`, an instruction of `op`, in `api`: its row's form with
// every operand printed by `printer`. Throws CodegenError at the call when
// the argument count does not fit the row (spec 06 §1.2).
[[nodiscard]] std::string printNkiForm(const CallNode& c, NkiOp op, NkiApi api, const NkiFormPrinter& printer);

// An error for a form the printer of this API has none of (a malformed row).
[[noreturn]] void unknownNkiForm(const CallNode& c, const NkiFormOperand& o);

} // namespace tirx
