#pragma once

#include <QString>

#include <span>

// The guided tour (Help > Tour) as data: which view each step brings
// forward, which pass it shows there, and what it says. Tour walks the list
// in order; nothing else knows how many steps there are.
struct TourStep {
    // A view MainWindow::showTourView knows: editor, passes, diff, sbuf,
    // psum, layout, nki, run.
    const char* view;
    // The pass to select first; empty keeps the one shown.
    const char* pass;
    // A word to put the editor's caret on (the layout view follows it);
    // empty leaves the caret.
    const char* caretOn;
    const char* title;
    const char* text; // two or three sentences
    // Start a simulator run when the step is shown.
    bool runs = false;
};

// The bundled example the tour opens, as a resource path.
[[nodiscard]] QString tourExample();
// The pipeline preset the tour lowers with: the one that ends in an NKI kernel.
[[nodiscard]] QString tourPreset();
[[nodiscard]] std::span<const TourStep> tourSteps();
// A step's title and text in the user's language.
[[nodiscard]] QString tourTitle(const TourStep& step);
[[nodiscard]] QString tourText(const TourStep& step);
