#include "viewstatemenus.h"

#include "colormap.h"
#include "viewstate.h"

#include <QAction>
#include <QActionGroup>
#include <QKeySequence>
#include <QMenu>

namespace attnlens {

void ViewStateMenus::addDisplayMenus(QMenu *viewMenu, ViewState *viewState)
{
    QMenu *colorMenu = viewMenu->addMenu(tr("&Colour Map"));
    auto *colorGroup = new QActionGroup(viewMenu);
    for (ColorMap::Kind kind : ColorMap::allKinds()) {
        QAction *action = colorMenu->addAction(ColorMap::displayName(kind));
        action->setCheckable(true);
        action->setChecked(kind == viewState->colorMapKind());
        action->setData(ColorMap::id(kind));
        colorGroup->addAction(action);
        QObject::connect(action, &QAction::triggered, viewState,
                         [viewState, kind] { viewState->setColorMapKind(kind); });
    }
    QObject::connect(viewState, &ViewState::colorMapChanged, colorGroup, [viewState, colorGroup] {
        for (QAction *action : colorGroup->actions())
            action->setChecked(action->data().toString() == ColorMap::id(viewState->colorMapKind()));
    });

    QAction *valuesAction = viewMenu->addAction(tr("Show &Values in Cells"));
    valuesAction->setCheckable(true);
    valuesAction->setChecked(viewState->showValues());
    QObject::connect(valuesAction, &QAction::toggled, viewState, &ViewState::setShowValues);
    QObject::connect(viewState, &ViewState::showValuesChanged, valuesAction, &QAction::setChecked);

    QMenu *quantityMenu = viewMenu->addMenu(tr("&Heatmap Shows"));
    auto *quantityGroup = new QActionGroup(viewMenu);
    const struct {
        QString text;
        ViewState::HeatmapQuantity quantity;
        QKeySequence shortcut;
    } quantities[] = {
        {tr("Softmax &Weights"), ViewState::HeatmapQuantity::Weights, QKeySequence(Qt::CTRL | Qt::Key_W)},
        {tr("Scaled &Scores"), ViewState::HeatmapQuantity::Scores, QKeySequence(Qt::CTRL | Qt::Key_E)},
    };
    for (const auto &entry : quantities) {
        QAction *action = quantityMenu->addAction(entry.text);
        action->setCheckable(true);
        action->setShortcut(entry.shortcut);
        action->setChecked(viewState->heatmapQuantity() == entry.quantity);
        quantityGroup->addAction(action);
        QObject::connect(action, &QAction::triggered, viewState,
                         [viewState, quantity = entry.quantity] { viewState->setHeatmapQuantity(quantity); });
        QObject::connect(viewState, &ViewState::heatmapQuantityChanged, action,
                         [viewState, action, quantity = entry.quantity] {
                             action->setChecked(viewState->heatmapQuantity() == quantity);
                         });
    }
}

void ViewStateMenus::addSnapAction(QMenu *viewMenu, ViewState *viewState)
{
    QAction *snapAction = viewMenu->addAction(tr("S&nap Queries to 0.1 Grid"));
    snapAction->setCheckable(true);
    snapAction->setChecked(viewState->snapToGrid());
    QObject::connect(snapAction, &QAction::toggled, viewState, &ViewState::setSnapToGrid);
    QObject::connect(viewState, &ViewState::snapToGridChanged, snapAction, &QAction::setChecked);
}

} // namespace attnlens
