#include "presentationlayout.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace attnlens {

namespace {

bool holds(const QRect &rect, const QSize &minimum)
{
    return rect.width() >= minimum.width() && rect.height() >= minimum.height();
}

/// Heights for a column of `items` sharing `available` pixels: each gets its minimum, then grows
/// toward its preferred height in proportion to how far it is from it; what is left once every
/// item has its preferred height is shared equally.
QList<int> shareHeights(const QList<PresentationLayout::Item> &items, int available)
{
    QList<int> heights;
    for (const PresentationLayout::Item &item : items)
        heights.append(item.minimum.height());
    int extra = available - std::accumulate(heights.begin(), heights.end(), 0);
    if (extra <= 0)
        return heights;
    // Views sized by their content (a small heatmap) need little: they get it first, so that
    // their labels stay whole, and the views that grow share what is left.
    for (bool growing : {false, true}) {
        QList<int> wanted;
        for (const PresentationLayout::Item &item : items)
            wanted.append(item.grows == growing ? std::max(0, item.preferred.height() - item.minimum.height()) : 0);
        const int totalWanted = std::accumulate(wanted.begin(), wanted.end(), 0);
        if (totalWanted == 0)
            continue;
        if (totalWanted >= extra) {
            int given = 0;
            for (int i = 0; i < heights.size(); ++i) {
                const int share = int(std::floor(double(extra) * wanted.at(i) / totalWanted));
                heights[i] += share;
                given += share;
            }
            // Rounding leftovers go to the first items that wanted more, a pixel each.
            for (int i = 0; given < extra && i < heights.size(); ++i) {
                if (wanted.at(i) > 0) {
                    ++heights[i];
                    ++given;
                }
            }
            return heights;
        }
        for (int i = 0; i < heights.size(); ++i)
            heights[i] += wanted.at(i);
        extra -= totalWanted;
    }
    QList<int> growing;
    for (int i = 0; i < items.size(); ++i)
        if (items.at(i).grows)
            growing.append(i);
    if (growing.isEmpty())
        return heights;  // views sized by their content stay so; the rest of the column stays empty
    const int count = int(growing.size());
    for (int k = 0; k < count; ++k)
        heights[growing.at(k)] += extra / count + (k < extra % count ? 1 : 0);
    return heights;
}

} // namespace

PresentationLayout::Result PresentationLayout::arrange(const Input &input)
{
    Result result;
    const int width = input.room.width();
    const int height = input.room.height();
    const int gap = std::max(0, input.gap);
    const int footer = std::clamp(input.footerHeight, 0, height);
    const int contentHeight = height - footer;
    result.footer = QRect(0, contentHeight, width, footer);

    int left = 0;
    if (input.hasLesson) {
        // Its share of the width; on a narrow screen (a 1024-pixel projector) up to a third, as
        // far as the lesson would like and the stage can spare (its focal view still wider than
        // the column beside it): its question and Reveal stay in sight under the text.
        const int share = int(std::lround(width * kLessonShare));
        int wanted = 0;
        if (width < kNarrowScreenWidth) {
            int sideMinimum = 0;
            for (const Item &item : input.side)
                sideMinimum = std::max(sideMinimum, item.minimum.width());
            const int stageNeeds = std::max(input.focal.minimum.width() + gap + sideMinimum, 2 * sideMinimum + 2 * gap + 2);
            wanted = std::min({input.lesson.preferred.width(), int(std::lround(width * kNarrowLessonShare)),
                               width - gap - stageNeeds});
        }
        const int lessonWidth = std::min(std::max({share, wanted, input.lesson.minimum.width()}), width / 2);
        result.lesson = QRect(0, 0, lessonWidth, contentHeight);
        left = lessonWidth + gap;
    }
    const int stageWidth = std::max(0, width - left);

    int topHeight = contentHeight;
    if (input.hasStrip) {
        const int stripHeight = std::max(input.strip.minimum.height(), input.strip.preferred.height());
        result.strip = QRect(left, contentHeight - stripHeight, stageWidth, stripHeight);
        topHeight = std::max(0, contentHeight - stripHeight - gap);
    }

    if (input.side.isEmpty()) {
        result.focal = QRect(left, 0, stageWidth, topHeight);
    } else {
        int sideMinimum = 0;
        for (const Item &item : input.side)
            sideMinimum = std::max(sideMinimum, item.minimum.width());
        int focalWidth = int(std::lround(stageWidth * kFocalShare));
        focalWidth = std::min(focalWidth, stageWidth - gap - sideMinimum);
        focalWidth = std::max(focalWidth, std::min(input.focal.minimum.width(), stageWidth - gap));
        const int sideWidth = std::max(0, stageWidth - focalWidth - gap);
        result.focal = QRect(left, 0, focalWidth, topHeight);

        const int count = int(input.side.size());
        const QList<int> heights = shareHeights(input.side, topHeight - gap * (count - 1));
        int y = 0;
        for (int i = 0; i < count; ++i) {
            // A growing last view ends where the column ends, whatever the rounding left.
            const int h = i == count - 1 && input.side.at(i).grows ? std::max(0, topHeight - y) : heights.at(i);
            result.side.append(QRect(left + focalWidth + gap, y, sideWidth, h));
            y += h + gap;
        }
    }

    bool fits = holds(result.focal, input.focal.minimum) && topHeight > 0;
    if (input.hasLesson)
        fits = fits && holds(result.lesson, input.lesson.minimum);
    if (input.hasStrip)
        fits = fits && holds(result.strip, input.strip.minimum);
    // The step's view has the largest place: a companion that needs more (its minimum width, in
    // a language with wider words) does not fit beside it.
    const qint64 focalArea = qint64(result.focal.width()) * result.focal.height();
    // The side column ends above the strip: minima taller than the column do not fit.
    if (!result.side.isEmpty())
        fits = fits && result.side.last().bottom() < topHeight;
    for (int i = 0; i < input.side.size(); ++i) {
        fits = fits && holds(result.side.at(i), input.side.at(i).minimum)
            && qint64(result.side.at(i).width()) * result.side.at(i).height() <= focalArea;
    }
    result.fits = fits;
    return result;
}

} // namespace attnlens
