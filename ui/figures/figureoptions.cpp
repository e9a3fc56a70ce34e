#include "figureoptions.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace attnlens {

namespace {

struct ViewName {
    FigureView view;
    const char *id;
    const char *title;
};

// The ids are the command line's words; the titles are translated where they are shown.
constexpr ViewName kViewNames[] = {
    {FigureView::Heatmap, "heatmap", QT_TRANSLATE_NOOP("attnlens::Figure", "Heatmap")},
    {FigureView::KeySpace, "keyspace", QT_TRANSLATE_NOOP("attnlens::Figure", "Key space")},
    {FigureView::Weights, "weights", QT_TRANSLATE_NOOP("attnlens::Figure", "Weights chart")},
    {FigureView::Context, "context", QT_TRANSLATE_NOOP("attnlens::Figure", "Context chart")},
    {FigureView::Mask, "mask", QT_TRANSLATE_NOOP("attnlens::Figure", "Mask grid")},
    {FigureView::Numbers, "numbers", QT_TRANSLATE_NOOP("attnlens::Figure", "Worked numbers")},
    {FigureView::Heads, "heads", QT_TRANSLATE_NOOP("attnlens::Figure", "All heads")},
    {FigureView::Bottleneck, "bottleneck", QT_TRANSLATE_NOOP("attnlens::Figure", "Bottleneck lab")},
    {FigureView::ScaleLab, "sqrt-dk", QT_TRANSLATE_NOOP("attnlens::Figure", "√d_k lab")},
    {FigureView::Scores, "scores", QT_TRANSLATE_NOOP("attnlens::Figure", "Score functions")},
    {FigureView::Derivation, "derivation", QT_TRANSLATE_NOOP("attnlens::Figure", "Where Q, K and V come from")},
    {FigureView::Window, "window", QT_TRANSLATE_NOOP("attnlens::Figure", "Whole window")},
};

} // namespace

QSize FigureOptions::pixelSize(const QSize &logicalSize) const
{
    return QSize(static_cast<int>(std::lround(logicalSize.width() * scale())),
                 static_cast<int>(std::lround(logicalSize.height() * scale())));
}

QList<FigureView> allFigureViews()
{
    QList<FigureView> views;
    for (const ViewName &name : kViewNames)
        views.append(name.view);
    return views;
}

QString figureViewId(FigureView view)
{
    for (const ViewName &name : kViewNames) {
        if (name.view == view)
            return QLatin1String(name.id);
    }
    return QString();
}

std::optional<FigureView> figureViewFromId(const QString &id)
{
    for (const ViewName &name : kViewNames) {
        if (id == QLatin1String(name.id))
            return name.view;
    }
    return std::nullopt;
}

QString figureViewTitle(FigureView view)
{
    for (const ViewName &name : kViewNames) {
        if (name.view == view)
            return QCoreApplication::translate("attnlens::Figure", name.title);
    }
    return QString();
}

QList<FigureFormat> allFigureFormats()
{
    return {FigureFormat::Png, FigureFormat::Svg, FigureFormat::Pdf};
}

QString figureFormatSuffix(FigureFormat format)
{
    switch (format) {
    case FigureFormat::Png:
        return QStringLiteral("png");
    case FigureFormat::Svg:
        return QStringLiteral("svg");
    case FigureFormat::Pdf:
        return QStringLiteral("pdf");
    }
    return QString();
}

std::optional<FigureFormat> figureFormatFromPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (FigureFormat format : allFigureFormats()) {
        if (suffix == figureFormatSuffix(format))
            return format;
    }
    return std::nullopt;
}

QString figureFormatFilter(FigureFormat format)
{
    switch (format) {
    case FigureFormat::Png:
        return QCoreApplication::translate("attnlens::Figure", "PNG image (*.png)");
    case FigureFormat::Svg:
        return QCoreApplication::translate("attnlens::Figure", "SVG vector drawing (*.svg)");
    case FigureFormat::Pdf:
        return QCoreApplication::translate("attnlens::Figure", "PDF document (*.pdf)");
    }
    return QString();
}

QString figureFileSlug(const QString &text)
{
    QString result = text.toLower();
    result.replace(QRegularExpression(QStringLiteral("[^\\w]+"), QRegularExpression::UseUnicodePropertiesOption),
                   QStringLiteral("-"));
    result.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    return result.left(60);
}

} // namespace attnlens
