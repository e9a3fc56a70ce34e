#pragma once

#include "keyspaceframe.h"
#include "keyspacescene.h"
#include "matrixtypes.h"
#include "twogenerationcache.h"

#include <QCoreApplication>
#include <QFont>
#include <QPointF>
#include <QString>

#include <memory>

namespace attnlens {

struct PrincipalPlane;
struct Scenario;

/// Builds key-space scenes from a scenario, its weights and the view's options, without any
/// widget: the frame (plot rectangle, ticks, titles) for a target rectangle, then the points,
/// arrows, halos, projections and label placement of one moment in it. The view keeps the frame
/// while only points move; a figure builds both for its own rectangle.
///
/// Label widths are measured once per text and font and kept between scenes (a drag step reuses
/// most of the last step's q·k values).
class KeySpaceSceneBuilder {
    // The key space's texts are translated under the view's name, wherever they are composed.
    Q_DECLARE_TR_FUNCTIONS(attnlens::KeySpaceView)

public:
    /// Who is selected and hovered (ViewState); the selected query is clamped to the scenario.
    struct Selection {
        int selectedQuery = -1;
        int hoveredQuery = -1;
        int hoveredKey = -1;
        /// The lesson keeps the scores back until its reveal: the keys' labels say "q·k = ?".
        bool dotsHidden = false;
    };

    KeySpaceFrame buildFrame(const KeySpaceFrameInputs &inputs) const;
    /// The scene of `scenario` in `frame`. `weights` are the result's weights when they are
    /// shown (of the scenario's shape), else nullptr: then there are no halos and keys are
    /// ranked by q·k. `plane` is the keys' principal plane, drawn when the frame shows it
    /// (KeySpaceFrame::principalPlane); without it such a frame shows its two coordinates.
    KeySpaceScene buildScene(const KeySpaceFrame &frame, const Scenario &scenario, const Matrix *weights,
                             const Selection &selection,
                             std::shared_ptr<const PrincipalPlane> plane = nullptr) const;

    /// The data range that keeps the origin and every key and query in view (with a margin),
    /// shown along `horizontal` and `vertical` (-1: the number line).
    static PlotAxes fit(const Scenario &scenario, int horizontal, int vertical);
    /// The same, for every key and query projected onto `plane`.
    static PlotAxes fit(const Scenario &scenario, const PrincipalPlane &plane);
    /// The coordinates of `row` shown on the plane (0 for a dimension that is not there).
    static QPointF shownCoordinates(const Eigen::RowVectorXd &row, int horizontal, int vertical);
    /// `row` with its shown coordinates replaced by `data`; a non-finite coordinate of `data`
    /// leaves that one as it was, so that a drag never writes an infinity.
    static Eigen::RowVectorXd withShownCoordinates(const Eigen::RowVectorXd &row, const QPointF &data,
                                                   int horizontal, int vertical);
    /// `value` rounded to the 0.1 grid (exactly the double nearest to k / 10).
    static double snapped(double value);

private:
    void layoutLabels(KeySpaceScene &scene, const Scenario &scenario) const;
    /// Places the labels with `font`; returns how many were left without a place or over a
    /// query's arrow.
    int placeLabels(KeySpaceScene &scene, const Scenario &scenario, const QFont &font, double lineHeight) const;

    // Label widths, kept between scenes for the font they were measured in (a generation holds
    // several drag steps' worth of q·k values).
    static constexpr int kTextGeneration = 256;
    mutable TwoGenerationCache<QString, double> m_textWidths{kTextGeneration};
    mutable QFont m_textWidthsFont;
};

} // namespace attnlens
