#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// A named layout axis (chapter 02 §1). Axes are interned: two Axis values are
// equal exactly when they name the same registered axis.
class Axis {
public:
    enum class Kind : uint8_t { Memory, Thread };

    // The registered axis of that name, or an invalid Axis when unknown.
    [[nodiscard]] static Axis find(std::string_view name);
    [[nodiscard]] static Axis m();
    [[nodiscard]] static Axis P();
    [[nodiscard]] static Axis F();
    [[nodiscard]] static Axis bank();
    [[nodiscard]] static const std::vector<std::string_view>& names();

    Axis() = default;
    [[nodiscard]] bool valid() const { return m_index >= 0; }
    [[nodiscard]] std::string_view name() const;
    [[nodiscard]] Kind kind() const;
    [[nodiscard]] bool isMemory() const { return kind() == Kind::Memory; }
    // P, F and Bank: the axes a Trainium layout may place memory iters on.
    [[nodiscard]] bool isTrainium() const;

    friend bool operator==(Axis a, Axis b) { return a.m_index == b.m_index; }
    friend bool operator<(Axis a, Axis b) { return a.name() < b.name(); }

private:
    explicit Axis(int index) : m_index(index) {}
    int m_index = -1;
};

} // namespace tirx
