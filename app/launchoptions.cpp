#include "launchoptions.h"

#include "fromstd.h"

#include "tour/toursteps.h"

#include "transform/registry.h"

#include <QCommandLineParser>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace {
QStringList presetNames()
{
    QStringList names;
    for (const tirx::PipelinePreset& preset : tirx::pipelinePresets()) names << fromStd(preset.name);
    return names;
}

const QStringList kViews = {u"editor"_s, u"diff"_s,      u"ir"_s,      u"nki"_s,    u"sbuf"_s, u"psum"_s,
                            u"alloc"_s,  u"lifetimes"_s, u"memdiff"_s, u"layout"_s, u"graph"_s};
} // namespace

void addLaunchOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(u"Workbench for AWS Trainium kernels written in TIRx TVMScript."_s);
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {u"screenshot"_s, u"Render the main window into PNG and exit."_s, u"PNG"_s},
        {u"size"_s, u"Window size for --screenshot (default 1280x800)."_s, u"WxH"_s},
        {u"pass"_s, u"Pass to select before the screenshot."_s, u"NAME"_s},
        {u"view"_s, u"View to show: "_s + kViews.join(u'|') + u" (default editor)."_s, u"VIEW"_s},
        {u"tour-step"_s,
         u"Screenshot step N of Help > Tour (1-%1) on the tour's example instead of FILE."_s.arg(tourSteps().size()),
         u"N"_s},
        {u"pipeline"_s, u"Pipeline preset for this run (default: lower-tirx for --screenshot, else as last chosen)."_s,
         u"PRESET"_s},
        {u"theme"_s,
         u"Colours for this run: system|light|dark (default: light for --screenshot, else as last chosen in "
         "View > Theme)."_s,
         u"THEME"_s},
    });
    parser.addPositionalArgument(u"FILE"_s, u"TIRx module to open (default: a bundled example)."_s, u"[FILE]"_s);
}

std::optional<QSize> parseSize(const QString& text)
{
    static const QRegularExpression pattern(u"^(\\d{1,5})x(\\d{1,5})$"_s);
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch()) return std::nullopt;
    const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
    if (size.width() <= 0 || size.height() <= 0) return std::nullopt;
    return size;
}

std::optional<LaunchOptions> readLaunchOptions(const QCommandLineParser& parser, QString* error)
{
    LaunchOptions options;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        *error = u"expected at most one FILE, got %1"_s.arg(positional.size());
        return std::nullopt;
    }
    if (!positional.isEmpty()) options.file = positional.first();

    options.screenshotPath = parser.value(u"screenshot"_s);
    if (parser.isSet(u"size"_s)) {
        const std::optional<QSize> size = parseSize(parser.value(u"size"_s));
        if (!size) {
            *error = u"invalid --size '%1', expected WxH such as 1280x800"_s.arg(parser.value(u"size"_s));
            return std::nullopt;
        }
        options.size = *size;
        const QSize min = LaunchOptions::kMinScreenshotSize;
        if (size->width() < min.width() || size->height() < min.height()) {
            *error = u"--size %1 is too small: a screenshot needs at least %2x%3"_s.arg(parser.value(u"size"_s))
                         .arg(min.width())
                         .arg(min.height());
            return std::nullopt;
        }
    }

    if (parser.isSet(u"view"_s)) {
        options.view = parser.value(u"view"_s);
        if (!kViews.contains(options.view)) {
            *error = u"invalid --view '%1', expected one of %2"_s.arg(options.view, kViews.join(u", "_s));
            return std::nullopt;
        }
    }

    options.pass = parser.value(u"pass"_s);
    options.pipeline = parser.value(u"pipeline"_s);
    if (!options.pipeline.isEmpty() && !tirx::findPreset(options.pipeline.toStdString())) {
        *error = u"invalid --pipeline '%1', expected one of %2"_s.arg(options.pipeline, presetNames().join(u", "_s));
        return std::nullopt;
    }

    if (parser.isSet(u"theme"_s)) {
        options.theme = themeFromName(parser.value(u"theme"_s));
        if (!options.theme) {
            *error = u"invalid --theme '%1', expected system, light or dark"_s.arg(parser.value(u"theme"_s));
            return std::nullopt;
        }
    }

    if (parser.isSet(u"tour-step"_s)) {
        bool ok = false;
        const int step = parser.value(u"tour-step"_s).toInt(&ok);
        const int count = static_cast<int>(tourSteps().size());
        if (!ok || step < 1 || step > count) {
            *error = u"invalid --tour-step '%1', expected a step from 1 to %2"_s.arg(parser.value(u"tour-step"_s))
                         .arg(count);
            return std::nullopt;
        }
        if (options.screenshotPath.isEmpty())
            options.warnings << u"--tour-step only applies with --screenshot"_s;
        else
            options.tourStep = step;
        if (options.tourStep > 0 && (!options.file.isEmpty() || !options.pass.isEmpty() || parser.isSet(u"view"_s) ||
                                     !options.pipeline.isEmpty()))
            options.warnings << u"--tour-step shows the tour's own example, pass and view; FILE, --pass, --view "
                                "and --pipeline are ignored"_s;
    }

    if (options.screenshotPath.isEmpty() && parser.isSet(u"size"_s))
        options.warnings << u"--size only applies with --screenshot"_s;
    return options;
}
