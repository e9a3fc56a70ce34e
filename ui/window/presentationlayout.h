#pragma once

#include <QList>
#include <QRect>
#include <QSize>

namespace attnlens {

/// Where each view goes on a presentation screen: pure geometry, no widgets, so that the rule can
/// be tested at every projector size without a display.
///
/// The screen is cut into, from left to right, the lesson's column (when the lesson is open) and
/// the stage; the stage has the step's focal view on the left with the most room, a column of
/// the other views on its right, a strip under both (the temperature slider), and a footer line
/// at the very bottom that holds hints, so that a hint never covers a view. A view that is small
/// by nature (a 1×3 heatmap) gets the height it needs and no more; what it leaves goes to the
/// other views of its column.
class PresentationLayout {
public:
    /// One view: the least size it can be drawn in, and the size it would like. In the side
    /// column a view never grows taller than `preferred` unless every view there has reached it;
    /// then what is left goes to the views that `grow` (a view sized by its content does not).
    struct Item {
        QSize minimum;
        QSize preferred;
        bool grows = true;
    };

    struct Input {
        QSize room;                ///< the screen (or the window, when presenting in a window)
        int gap = 8;               ///< between neighbouring views
        bool hasLesson = false;
        Item lesson;
        Item focal;                ///< the view the current step is about (the key space by default)
        QList<Item> side;          ///< the other views, top to bottom
        bool hasStrip = false;
        Item strip;                ///< the temperature slider: full width, its preferred height
        int footerHeight = 0;      ///< one line of hint text
    };

    struct Result {
        QRect lesson;
        QRect focal;
        QList<QRect> side;
        QRect strip;
        QRect footer;
        /// Whether every view got at least its minimum size.
        bool fits = false;
    };

    /// The share of the width the lesson's column takes (at least its minimum width, and up to
    /// kNarrowLessonShare on a narrow screen where the lesson's preferred width asks for more).
    static constexpr double kLessonShare = 0.27;
    /// The share it may take when that is less than the width the lesson would like.
    static constexpr double kNarrowLessonShare = 0.34;
    /// Screens narrower than this are narrow.
    static constexpr int kNarrowScreenWidth = 1200;
    /// The share of the stage's width the focal view takes (the side column gets the rest).
    static constexpr double kFocalShare = 0.56;

    static Result arrange(const Input &input);
};

} // namespace attnlens
