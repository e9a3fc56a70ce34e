#pragma once

#include "lessonstep.h"
#include "presentationmode.h"

#include <QList>
#include <QObject>
#include <QString>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QWidget;

namespace attnlens {

class AttentionModel;
struct FigureViews;
class LabMaterial;
class LessonViewRouter;
class ViewState;

/// The "why" labs (issue 15): panels that make the notebook's claims live (the fixed-context
/// bottleneck, why scores are divided by √d_k, other score functions, where Q, K and V come
/// from). Each lab is a dock of its own, tabbed behind the heatmap and hidden until opened: from
/// its lesson step (going to the step brings it into sight), from View > Labs, or with Alt+1 to
/// Alt+9 in lesson order. While presenting, a lab takes the large place with its two companion
/// views beside it.
class LabDocks : public QObject {
    Q_OBJECT

public:
    /// The window's views a lab may stand beside, and the dock the labs are tabbed with.
    struct Context {
        QMainWindow *window = nullptr;
        AttentionModel *model = nullptr;
        ViewState *viewState = nullptr;
        QDockWidget *tabbedWith = nullptr;
        QWidget *keySpace = nullptr;
        QWidget *heatmap = nullptr;
        QWidget *weightsChart = nullptr;
        QWidget *contextChart = nullptr;
        QWidget *workedNumbers = nullptr;
    };

    explicit LabDocks(const Context &context, QObject *parent = nullptr);

    /// Makes every lab (one line per lab).
    void createLabs();

    /// Adds `lab` (its objectName is set to `objectName`) in a hidden dock titled `title`, as the
    /// place of the lesson's `view`, with a View > Labs action whose key is Alt+<the lab's
    /// number>; while presenting, `companions` stand beside it.
    QDockWidget *addLab(LessonView view, QWidget *lab, const QString &title, const QString &objectName,
                        const QList<QWidget *> &companions);

    /// Adds View > Labs (its entries show a lab: a dock raised, or the large place while presenting).
    void addMenu(QMenu *viewMenu);
    /// Tells the lesson where each lab lives; must be called before the labs' actions are used.
    void placeIn(LessonViewRouter *router);
    /// Adds the labs as views that can take the large place, with their companions.
    void addToArrangement(PresentationMode::Arrangement &arrangement) const;
    /// Hides every lab's dock (the default layout opens none).
    void hideAll();

    QList<QWidget *> labs() const;
    QDockWidget *dock(LessonView view) const;
    /// The lab of `view`: its dock's widget, except while presenting puts it in the large place.
    QWidget *lab(LessonView view) const;
    /// Hands the labs that are figures (FigureView) to the figure code: their context menus,
    /// Ctrl+Shift+C and the export dialog's live size.
    void addFigureViews(FigureViews &views) const;
    QAction *showAction(LessonView view) const;
    /// What a lab opened by its key works on (labmaterial.h).
    LabMaterial *material() const { return m_material; }

private:
    struct Lab {
        LessonView view;
        QWidget *widget;
        QDockWidget *dock;
        QAction *action;
        QList<QWidget *> companions;
    };

    Context m_context;
    QList<Lab> m_labs;
    LessonViewRouter *m_router = nullptr;
    LabMaterial *m_material = nullptr;
};

} // namespace attnlens
