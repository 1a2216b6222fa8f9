#pragma once

#include <QString>

#include <optional>

// The file behind the editor: where it lives (or which bundled example it
// was opened from) and how its text is read and written. Holds no text
// itself; the editor does.
class Document {
public:
    [[nodiscard]] QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path);

    // An example opened from the application's resources has no file path:
    // saving it asks for one.
    void setExample(const QString &exampleName);

    [[nodiscard]] bool isUntitled() const { return m_filePath.isEmpty(); }

    // Name shown in the title bar: the file name, the example's name, or
    // "untitled.py".
    [[nodiscard]] QString displayName() const;

    // Reads a whole file as UTF-8; on failure returns nothing and sets *error
    // to a message naming the path.
    [[nodiscard]] static std::optional<QString> readText(const QString &path, QString *error);

    // Writes text as UTF-8 all at once (QSaveFile), so a failed save never
    // leaves a half-written file behind.
    [[nodiscard]] static bool writeText(const QString &path, const QString &text, QString *error);

private:
    QString m_filePath;
    QString m_exampleName;
};
