#pragma once

#include "error.h"
#include "lessonstep.h"
#include "matrixtypes.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace attnlens {

struct AttentionResult;
struct KeySpaceScene;
struct PrincipalPlane;
struct Scenario;

/// The key space in words, for screen readers, tooltips and the note over an undefined result:
/// composed from the scenario, its result and the scene, with no widget.
class KeySpaceDescriber {
    // The key space's texts are translated under the view's name, wherever they are composed.
    Q_DECLARE_TR_FUNCTIONS(attnlens::KeySpaceView)

public:
    /// The current numbers: the selected query and where it is, its weights (the heaviest
    /// kDescribedKeys when there are more keys), its context, and the key the arrow keys move
    /// (`keyboardKey`, -1 for none). `result` is nullptr while the scenario is refused.
    /// `concealed`: what the open lesson step keeps back until its reveal, read as hidden.
    static QString numbersDescription(const Scenario &scenario, const AttentionResult *result,
                                      const std::optional<Error> &error, int selectedQuery, int keyboardKey,
                                      LessonQuantities concealed = LessonQuantities());
    /// How to use the view with the mouse and the keyboard (the second half of the accessible
    /// description) and the shorter status tip.
    static QString helpDescription();
    static QString statusTip();
    /// The note written over the plane while the result is undefined.
    static QString resultNote(const Scenario &scenario, const std::optional<Error> &error);
    /// The tooltip of key `keyRow`: its vector and, for the scene's selected query, q·k, the
    /// score and the weight (from `weights`, nullptr while they are not shown), all in full.
    static QString keyToolTip(const Scenario &scenario, const KeySpaceScene &scene, const Matrix *weights,
                              int keyRow);
    static QString queryToolTip(const Scenario &scenario, int queryRow);

    /// The principal plane's share of the keys' spread as a percentage: "62", or with one
    /// decimal where rounding would say 0 or 100 of a share that is neither ("99.6").
    static QString sharePercent(double share);
    /// The note over the principal plane (and a figure's caption): how much of the keys' spread
    /// it shows.
    static QString principalPlaneNote(const PrincipalPlane &plane);
    /// The caption of a figure of the principal plane: what it is and how much it shows.
    static QString principalPlaneCaption(const PrincipalPlane &plane);
    /// The same for a screen reader, in full sentences, with what a drag does in this plane.
    static QString principalPlaneDescription(const PrincipalPlane &plane);
};

} // namespace attnlens
