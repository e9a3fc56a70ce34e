// The key space with coordinates near the largest double: every position it maps stays finite.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "keyspaceview.h"
#include "viewstate.h"

#include <QCoreApplication>
#include <QImage>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;

namespace {
int g_nanWarnings = 0;
QtMessageHandler g_previousHandler = nullptr;
void countNan(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("NaN")))
        ++g_nanWarnings;
    else if (g_previousHandler)
        g_previousHandler(type, context, message);
}
} // namespace

// Keys typed near the largest double (found by the UI monkey, seed 6): the fitted range used to
// overflow into infinity and every mapped position into NaN, which Qt warned about at every
// halo ("Adding arc where a parameter is NaN"). The plot stays finite, the origin in view.
TEST(KeySpaceLimits, KeysNearTheLargestDoubleKeepEveryPositionFinite)
{
    AttentionModel model;
    ViewState viewState;
    Scenario s = loadBuiltinScenario(QStringLiteral("lesson")).value();
    s.keys.resize(3, 2);
    s.keys << 1.0, 0.0, -8.8992308942351057e+307, 6.642389615854499e+307, 1.0, 1.6999999999999999e+308;
    s.values.resize(3, 2);
    s.values << 10, 0, 0, 10, 10, 10;
    s.queries.resize(3, 2);
    s.queries << 1.0, 0.0, 0.0, 1.0, 2.7679508252778862e+307, 3.9795749697616333e+306;
    s.queryLabels.clear();
    s.temperature = 7.5;
    g_nanWarnings = 0;
    g_previousHandler = qInstallMessageHandler(countNan);
    model.setScenario(s);
    QCoreApplication::processEvents();
    auto view = std::make_unique<KeySpaceView>(&model, &viewState);
    view->resize(600, 400);
    view->show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(view.get()));
    QImage image(view->size(), QImage::Format_ARGB32);
    for (int row = 0; row < 3; ++row) {
        viewState.setSelectedQuery(row);
        QCoreApplication::processEvents();
        view->render(&image);
    }
    qInstallMessageHandler(g_previousHandler);
    EXPECT_EQ(g_nanWarnings, 0);
    const QPointF origin = view->dataToWidget(QPointF(0.0, 0.0));
    EXPECT_TRUE(std::isfinite(origin.x()) && std::isfinite(origin.y()));
    EXPECT_TRUE(QRectF(view->rect()).contains(origin));
}
