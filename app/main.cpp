#include "launchoptions.h"
#include "mainwindow.h"
#include "screenshot.h"
#include "session/workbenchsession.h"
#include "tour/tour.h"

#include "passes/passstepper.h"
#include "tirx_version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QStatusBar>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void printError(const QString& message) { std::fprintf(stderr, "tirx-explorer: error: %s\n", qUtf8Printable(message)); }

void printWarning(const QString& message)
{
    std::fprintf(stderr, "tirx-explorer: warning: %s\n", qUtf8Printable(message));
}

bool wantsScreenshot(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "--screenshot" || arg.startsWith("--screenshot=")) return true;
    }
    return false;
}

bool hasDisplay()
{
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY") ||
           qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
}

// Requests answered without showing a window.
bool needsNoWindow(int argc, char* argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" || arg == "--version") return true;
    }
    return wantsScreenshot(argc, argv);
}

} // namespace

int main(int argc, char* argv[])
{
    // Without a display Qt aborts while creating the application. Help,
    // version and screenshots render offscreen instead; anything else gets a
    // message saying what to do.
    // Before the application exists: the plugin talks while it loads.
    if (wantsScreenshot(argc, argv)) quietPlatformMessages();
    if (!hasDisplay()) {
        if (!needsNoWindow(argc, argv)) {
            printError(u"no display: neither DISPLAY nor WAYLAND_DISPLAY is set; run it under "
                       "xvfb-run, or render a picture with --screenshot PNG"_s);
            return 1;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"TIRx Explorer"_s);
    QApplication::setApplicationName(u"tirx-explorer"_s);
    QApplication::setApplicationDisplayName(u"TIRx Explorer"_s);
    QApplication::setApplicationVersion(QStringLiteral(TIRX_VERSION));
    QApplication::setWindowIcon(QIcon(u":/icons/tirx-explorer.svg"_s));

    QCommandLineParser parser;
    addLaunchOptions(parser);
    parser.process(app); // --help, --version and unknown options exit here

    QString error;
    const std::optional<LaunchOptions> options = readLaunchOptions(parser, &error);
    if (!options) {
        printError(error);
        return 2;
    }
    for (const QString& warning : options->warnings) printWarning(warning);

    MainWindow window;
    // Screenshots take the light look and the default pipeline unless told
    // otherwise, so they do not depend on what the last interactive session
    // chose; a --pipeline is for this run, not a new setting.
    const bool screenshot = !options->screenshotPath.isEmpty();
    window.setTheme(options->theme.value_or(screenshot ? Theme::Light : storedTheme()));
    if (options->tourStep > 0) {
        QString error;
        if (!writeTourScreenshot(&window, options->tourStep - 1, options->size, options->screenshotPath, &error)) {
            printError(error);
            return 1;
        }
        return 0;
    }
    if (screenshot || !options->pipeline.isEmpty()) {
        window.session()->setRemembersChoices(false);
        window.passStepper()->setPreset(options->pipeline.isEmpty() ? WorkbenchSession::kDefaultPreset
                                                                    : options->pipeline);
        window.session()->setRemembersChoices(!screenshot);
    }
    const bool loaded = options->file.isEmpty() ? window.loadExample(MainWindow::defaultExample(), &error)
                                                : window.loadFile(options->file, &error);
    if (!loaded) {
        printError(error);
        return 1;
    }

    if (!options->screenshotPath.isEmpty()) {
        for (const QString& warning : window.prepareScreenshot(options->pass, options->view)) printWarning(warning);
        if (!writeScreenshot(&window, options->size, options->screenshotPath, &error)) {
            printError(error);
            return 1;
        }
        return 0;
    }

    // Only an interactive session touches the settings.
    if (!options->file.isEmpty()) window.addRecentFile(options->file);
    window.restoreSettings();
    window.show();
    if (!Tour::seen())
        window.statusBar()->showMessage(
            QApplication::translate("main", "New here? Help > Tour walks through the window on an example."));
    // After a crash, what the last session had not saved is offered back.
    window.offerRecovery();
    return QApplication::exec();
}
