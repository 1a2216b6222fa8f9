#include "codegen/nki_writer.h"

namespace tirx {

void NkiWriter::push(std::string_view text, const NkiLineOrigin& origin, bool newline)
{
    if (!m_open) m_lines.push_back(origin);
    m_text += text;
    m_open = !newline;
    if (newline) m_text += '\n';
}

void NkiWriter::line(std::string_view text)
{
    const std::string pad(static_cast<size_t>(m_indent), ' ');
    size_t begin = 0;
    while (true) {
        const size_t nl = text.find('\n', begin);
        m_text += pad;
        push(text.substr(begin, nl == std::string_view::npos ? std::string_view::npos : nl - begin), m_origin, true);
        if (nl == std::string_view::npos) return;
        begin = nl + 1;
    }
}

void NkiWriter::raw(std::string_view text)
{
    size_t begin = 0;
    while (begin < text.size()) {
        const size_t nl = text.find('\n', begin);
        const bool last = nl == std::string_view::npos;
        push(text.substr(begin, last ? std::string_view::npos : nl - begin), {}, !last);
        if (last) return;
        begin = nl + 1;
    }
}

void NkiWriter::rawNoNewline(std::string_view text) { push(text, m_origin, false); }

void NkiWriter::append(const NkiWriter& other)
{
    m_text += other.m_text;
    m_lines.insert(m_lines.end(), other.m_lines.begin(), other.m_lines.end());
    m_open = other.m_open;
}

} // namespace tirx
