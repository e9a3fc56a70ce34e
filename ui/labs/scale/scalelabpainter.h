#pragma once

#include "scalelabmeasurement.h"
#include "theme.h"

#include <QCoreApplication>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

class QPainter;

namespace attnlens {

/// Everything the √d_k lab's picture shows, gathered by the canvas (or a figure) beforehand, so
/// that painting computes nothing.
struct ScaleLabPicture {
    const ScaleLabMeasurement *measurement = nullptr;  ///< null: `refusal` is shown instead
    QString refusal;
    bool isSample = false;  ///< the scenario is the lab's random sample (Scenario::scaleLab)
    QStringList queryLabels;
    QString stretchedKeyLabel;
    Theme theme = Theme::make(Theme::Kind::Light);
    QFont font;
    double lineWidth = 1.0;  ///< pen width factor (the theme's and presentation mode's)
};

/// Paints the √d_k lab: the raw dot products over the scaled scores (histograms on one shared
/// axis, each with its measured and expected standard deviation and the expected normal curve),
/// the largest softmax weight of every query row with and without the division, and the
/// stretched key's scores. The same code draws the screen and the exported figure.
class ScaleLabPainter {
    Q_DECLARE_TR_FUNCTIONS(attnlens::ScaleLabPainter)

public:
    static void paint(QPainter &painter, const QRectF &rect, const ScaleLabPicture &picture);

    /// The half-width of the histograms' shared axis: a round number that holds every value and
    /// 3.5 expected standard deviations of the raw products (the largest value itself when no
    /// round number above it fits in a double).
    static double axisReach(const ScaleLabMeasurement &m);
    /// How many of the values fall in each of `bins` equal bins over [−reach, reach] (values
    /// outside land in the end bins).
    static std::vector<int> histogram(const std::vector<double> &values, double reach, int bins);

    static constexpr int kBins = 41;

    /// The texts the picture writes, shared with the accessible description.
    static QString rawTitle();
    static QString scaledTitle();
    static QString spreadLine(double measured, const QString &expected);
    static QString stretchLine(const ScaleLabStretch &stretch, const QString &keyLabel,
                               const QString &queryLabel);
};

} // namespace attnlens
