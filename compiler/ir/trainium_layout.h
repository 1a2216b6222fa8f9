#pragma once

#include "ir/layout.h"

#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// The result of a Trainium layout constructor: a layout, or why none exists.
struct LayoutOrError {
    Layout layout;
    std::string error; // empty on success
};

// trainium_layout(annotation, shape, is_psum) (chapter 02 §7.1): the layout a
// `layout="PF"`-style string denotes. `annotation` has one P/F letter per
// dim; the shape must be constant. With isPsum the result goes through toPsum.
[[nodiscard]] LayoutOrError trainiumLayout(std::string_view annotation, const std::vector<Expr>& shape,
                                           bool isPsum = false);

// to_psum (chapter 02 §7.2): splits F iters into 512-element banks.
[[nodiscard]] LayoutOrError toPsum(const Layout& layout);

} // namespace tirx
