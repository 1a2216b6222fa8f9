#pragma once

#include <QString>

#include <functional>
#include <optional>

// The file behind the editor: where it lives (or which bundled example it
// was opened from) and how its text is read and written. Holds no text
// itself; the editor does.
class Document {
public:
    [[nodiscard]] QString filePath() const { return m_filePath; }
    void setFilePath(const QString& path);

    // An example opened from the application's resources has no file path:
    // saving it asks for one.
    void setExample(const QString& exampleName);

    [[nodiscard]] bool isUntitled() const { return m_filePath.isEmpty(); }

    // Name shown in the title bar: the file name, the example's name, or
    // "untitled.py".
    [[nodiscard]] QString displayName() const;

    // Reads a whole file as UTF-8; on failure returns nothing and sets *error
    // to a message naming the path.
    [[nodiscard]] static std::optional<QString> readText(const QString& path, QString* error);

    // Called between the chunks of a save with the bytes written so far and
    // the total; returning false abandons the save.
    using SaveProgress = std::function<bool(qint64 written, qint64 total)>;

    // Writes text as UTF-8 through a QSaveFile: the old file is replaced only
    // once every byte is on disk, so a failed, abandoned or killed save never
    // leaves a half-written file behind.
    [[nodiscard]] static bool writeText(const QString& path, const QString& text, QString* error,
                                        const SaveProgress& progress = {});

private:
    QString m_filePath;
    QString m_exampleName;
};
