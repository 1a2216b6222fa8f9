#pragma once

#include "ir/function.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A tensor a module names: a parameter, an allocation or a declared view.
struct NamedTensor {
    std::string function;
    std::string name;
    TensorTypeRef type;
    Span definition;
};

// Every named tensor, function by function, parameters first, then the
// body's tensor bindings in program order.
[[nodiscard]] std::vector<NamedTensor> namedTensors(const Module& module);

// The first tensor called `name`; nullopt when none is.
[[nodiscard]] std::optional<NamedTensor> findNamedTensor(const Module& module, std::string_view name);

// Where `before[chosen]` is in `after`, the tensors of another snapshot of
// the module (the next pass, or the same source re-parsed): the tensor of
// the same function and name defined at the same source span. Names alone
// are not enough: a module can hold two tensors of one name (a parameter
// and the flat view LowerTrainiumLayout declares for it, or one per
// function). Passes rebuild a tensor's variable but keep its span, so the
// span follows it. When its definition is gone, the first tensor of that
// name in the same function stands in; nullopt when there is none.
[[nodiscard]] std::optional<size_t> findSameTensor(const std::vector<NamedTensor>& before, size_t chosen,
                                                   const std::vector<NamedTensor>& after);

// The tensor called `name` that source line `line` refers to: in the
// function defined last at or before the line, the one defined last at or
// before it (an inner definition hides an outer one). Falls back to the
// first tensor of that name; nullopt when none has it.
[[nodiscard]] std::optional<size_t> findTensorAtLine(const Module& module, const std::vector<NamedTensor>& tensors,
                                                     std::string_view name, uint32_t line);

} // namespace tirx
