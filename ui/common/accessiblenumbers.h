#pragma once

#include "offscreendeferral.h"

#include <QObject>
#include <QString>

class QWidget;

namespace attnlens {

class AttentionModel;
class ViewState;

/// Keeps a painted view's accessible description reading its current numbers in words, for a
/// screen reader: the selected query's weights ("Query q: memory A 0.4011, memory B masked, …")
/// and/or its context vector, followed by the view's own help text (its description when this
/// object was made). Updated on every change of the result or the selection; a
/// DescriptionChanged event tells an active screen reader.
///
/// It also makes the view one Tab stop with a visible focus ring (FocusRing): a chart's inner
/// QGraphicsView stops taking the focus itself.
class AccessibleNumbers : public QObject {
    Q_OBJECT

public:
    enum class Content { Weights, Context, WeightsAndContext };

    AccessibleNumbers(AttentionModel *model, ViewState *viewState, QWidget *view, Content content);

    /// The numbers part of the description, as now.
    QString numbersText() const;

    /// "memory A 0.4011, memory B masked, …" for one query row (at most `limit` keys, heaviest
    /// first beyond it), or why there are no weights.
    static QString weightsInWords(const AttentionModel *model, int queryRow, int limit = 12);
    /// "(5.0000, 4.0112)" for one query row, or an empty string while there is no result.
    static QString contextInWords(const AttentionModel *model, int queryRow);

    /// Sets `view`'s accessible description when it changed, and tells an active screen reader.
    static void setDescription(QWidget *view, const QString &description);

private:
    /// Rewrites the description while the view is on screen or a screen reader is active;
    /// otherwise (a dock tab behind another) the view catches up when it comes on screen.
    void update();
    void writeDescription();

    AttentionModel *m_model;
    ViewState *m_viewState;
    QWidget *m_view;
    Content m_content;
    QString m_help;
    OffscreenDeferral *m_deferral;
};

} // namespace attnlens
