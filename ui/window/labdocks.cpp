#include "labdocks.h"

#include "attentionmodel.h"
#include "bottlenecklabview.h"
#include "builtinscenarios.h"
#include "deferreddockcontent.h"
#include "derivationlabview.h"
#include "figureviews.h"
#include "labmaterial.h"
#include "labmaterialbar.h"
#include "lessonviewrouter.h"
#include "scalelab.h"
#include "scalelabview.h"
#include "scorelabview.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

namespace attnlens {

namespace {

/// The shipped scenario the derivation lab opens on when the user's scenario has no tokens.
constexpr const char *kDerivationMaterialId = "practice-derivation";

} // namespace

LabDocks::LabDocks(const Context &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{
}

void LabDocks::createLabs()
{
    // One line per lab, in the lesson's order (their keys are Alt+1, Alt+2, ... in this order).
    addLab(LessonView::BottleneckLab, new BottleneckLabView(m_context.model, m_context.viewState),
           tr("Bottleneck lab"), QStringLiteral("bottleneckLab"),
           {m_context.weightsChart, m_context.contextChart});
    addLab(LessonView::ScaleLab, new ScaleLabView(m_context.model, m_context.viewState), tr("√d_k lab"),
           QStringLiteral("scaleLab"), {m_context.heatmap, m_context.weightsChart});
    addLab(LessonView::ScoreLab, new ScoreLabView(m_context.model, m_context.viewState), tr("Score functions"),
           QStringLiteral("scoreLab"), {m_context.heatmap, m_context.workedNumbers});
    addLab(LessonView::DerivationLab, new DerivationLabView(m_context.model, m_context.viewState),
           tr("Where Q, K and V come from"), QStringLiteral("derivationLab"), {m_context.keySpace, m_context.heatmap});

    // The labs that teach only on material of their own bring it when opened by their key.
    m_material = new LabMaterial(m_context.model, this);
    if (auto *scale = qobject_cast<ScaleLabView *>(lab(LessonView::ScaleLab))) {
        LabMaterial::Lab material;
        material.view = LessonView::ScaleLab;
        material.bar = scale->materialBar();
        material.isMaterial = [](const Scenario &s) { return s.scaleLab.has_value(); };
        material.open = [](AttentionModel *model) {
            model->setScaleLab(ScaleLabSettings{}, scalelab::kDefaultKeyDimension);
        };
        material.editText = tr("Open the √d_k lab's sample");
        material.material = tr("The lab's own random sample");
        m_material->addLab(material);
    }
    if (auto *derivation = qobject_cast<DerivationLabView *>(lab(LessonView::DerivationLab))) {
        LabMaterial::Lab material;
        material.view = LessonView::DerivationLab;
        material.bar = derivation->materialBar();
        material.isMaterial = [](const Scenario &s) { return s.derivation.has_value(); };
        // Read when first wanted, not at every start.
        material.open = [](AttentionModel *model) {
            const Result<Scenario> tokens = loadBuiltinScenario(QLatin1String(kDerivationMaterialId));
            if (tokens.ok())
                model->setScenario(tokens.value());
        };
        material.editText = tr("Open the derivation lab's tokens");
        material.material = tr("The lab's own tokens");
        m_material->addLab(material);
    }
}

QDockWidget *LabDocks::addLab(LessonView view, QWidget *lab, const QString &title, const QString &objectName,
                              const QList<QWidget *> &companions)
{
    lab->setObjectName(objectName);
    auto *dock = new QDockWidget(title, m_context.window);
    // saveState() identifies docks by object name.
    dock->setObjectName(objectName + QStringLiteral("Dock"));
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                      | QDockWidget::DockWidgetClosable);
    m_context.window->addDockWidget(Qt::RightDockWidgetArea, dock);
    if (m_context.tabbedWith)
        m_context.window->tabifyDockWidget(m_context.tabbedWith, dock);
    dock->hide();
    DeferredDockContent::attach(dock, lab);  // laid out when first shown, not at every start

    auto *action = new QAction(title, this);
    action->setObjectName(objectName + QStringLiteral("Action"));
    action->setStatusTip(tr("Open the lab \"%1\"").arg(title));
    const int number = int(m_labs.size()) + 1;
    if (number <= 9) {
        action->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_0 + number)));
        action->setShortcutContext(Qt::WindowShortcut);
    }
    m_context.window->addAction(action);  // works while presenting, when the menu bar is hidden
    connect(action, &QAction::triggered, this, [this, view] {
        if (m_material)
            m_material->openFor(view);
        if (m_router)
            m_router->show(view);
    });
    m_labs.append(Lab{view, lab, dock, action, companions});
    if (m_context.tabbedWith)
        m_context.tabbedWith->raise();
    return dock;
}

void LabDocks::addMenu(QMenu *viewMenu)
{
    if (m_labs.isEmpty())
        return;
    QMenu *menu = viewMenu->addMenu(tr("&Labs"));
    menu->setObjectName(QStringLiteral("labsMenu"));
    for (const Lab &lab : m_labs)
        menu->addAction(lab.action);
}

void LabDocks::placeIn(LessonViewRouter *router)
{
    m_router = router;
    for (const Lab &lab : m_labs)
        router->setPlace(lab.view, lab.dock, lab.widget);
}

void LabDocks::addToArrangement(PresentationMode::Arrangement &arrangement) const
{
    for (const Lab &lab : m_labs) {
        arrangement.views.append(lab.widget);
        arrangement.companions.append({lab.widget, lab.companions});
    }
}

void LabDocks::hideAll()
{
    for (const Lab &lab : m_labs)
        lab.dock->hide();
}

QList<QWidget *> LabDocks::labs() const
{
    QList<QWidget *> widgets;
    for (const Lab &lab : m_labs)
        widgets.append(lab.widget);
    return widgets;
}

QWidget *LabDocks::lab(LessonView view) const
{
    for (const Lab &lab : m_labs) {
        if (lab.view == view)
            return lab.widget;
    }
    return nullptr;
}

void LabDocks::addFigureViews(FigureViews &views) const
{
    views.bottleneck = qobject_cast<BottleneckLabView *>(lab(LessonView::BottleneckLab));
    views.scaleLab = qobject_cast<ScaleLabView *>(lab(LessonView::ScaleLab));
    views.scores = lab(LessonView::ScoreLab);
    if (auto *derivation = qobject_cast<DerivationLabView *>(lab(LessonView::DerivationLab)))
        views.derivation = derivation->plane();
}

QDockWidget *LabDocks::dock(LessonView view) const
{
    for (const Lab &lab : m_labs) {
        if (lab.view == view)
            return lab.dock;
    }
    return nullptr;
}

QAction *LabDocks::showAction(LessonView view) const
{
    for (const Lab &lab : m_labs) {
        if (lab.view == view)
            return lab.action;
    }
    return nullptr;
}

} // namespace attnlens
