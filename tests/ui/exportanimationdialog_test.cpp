#include "animationactions.h"
#include "animationmemory.h"
#include "animationrecorder.h"
#include "../support/identifyframes.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "exportanimationdialog.h"
#include "figureexporter.h"
#include "mainwindow.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::identifyFrames;

namespace {

template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    EXPECT_NE(found, nullptr) << name;
    return found;
}

void clearAnimationSettings()
{
    QSettings().remove(QStringLiteral("animation"));
}

class ExportAnimationDialogTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        clearAnimationSettings();
        model.setScenario(builtinScenario("three-queries"));
    }
    void TearDown() override { clearAnimationSettings(); }

    AttentionModel model;
    ViewState viewState;
    FigureExporter exporter{&model, &viewState};
};

} // namespace

TEST_F(ExportAnimationDialogTest, TemperatureSweepComesFromTheControls)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::KeySpace, 1);
    child<QComboBox>(&dialog, "animationMotionCombo")->setCurrentIndex(0);
    child<QDoubleSpinBox>(&dialog, "animationFromTemperatureSpin")->setValue(0.2);
    child<QDoubleSpinBox>(&dialog, "animationToTemperatureSpin")->setValue(5.0);
    child<QSpinBox>(&dialog, "animationFramesSpin")->setValue(24);
    child<QSpinBox>(&dialog, "animationFpsSpin")->setValue(12);
    child<QSpinBox>(&dialog, "animationWidthSpin")->setValue(640);
    child<QSpinBox>(&dialog, "animationHeightSpin")->setValue(400);
    QComboBox *theme = child<QComboBox>(&dialog, "animationThemeCombo");
    theme->setCurrentIndex(theme->findData(static_cast<int>(Theme::Kind::Light)));
    child<QSpinBox>(&dialog, "animationWidthSpin")->setValue(640);
    child<QSpinBox>(&dialog, "animationHeightSpin")->setValue(400);

    const AnimationPlan plan = dialog.plan();
    EXPECT_EQ(plan.kind, AnimationPlan::Kind::Temperature);
    EXPECT_DOUBLE_EQ(plan.fromTemperature, 0.2);
    EXPECT_DOUBLE_EQ(plan.toTemperature, 5.0);
    EXPECT_EQ(plan.frames, 24);
    EXPECT_EQ(plan.frameCount(model), 24);
    const AnimationOptions options = dialog.options();
    EXPECT_EQ(options.figure.view, FigureView::KeySpace);
    EXPECT_EQ(options.figure.size, QSize(640, 400));
    EXPECT_EQ(options.figure.theme, Theme::Kind::Light);
    EXPECT_EQ(options.framesPerSecond, 12);
    EXPECT_FALSE(dialog.problem().has_value());
    EXPECT_TRUE(child<QPushButton>(&dialog, "animationOkButton")->isEnabled());
}

TEST_F(ExportAnimationDialogTest, TheSummaryShowsTheMemoryAndExportIsOffOverTheLimit)
{
    // The limit is half the computer's memory; the test sets its own so that it holds anywhere.
    qputenv("ATTNLENS_ANIMATION_MEMORY_MIB", "256");
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    dialog.setMotion(AnimationPlan::Kind::Temperature);
    dialog.setFrames(100);
    dialog.setFigureSize(QSize(800, 600));
    auto *summary = child<QLabel>(&dialog, "animationSummaryLabel");
    auto *ok = child<QPushButton>(&dialog, "animationOkButton");
    const QString need = AnimationMemory::describe(AnimationMemory::largestEstimate(100, QSize(800, 600)));
    EXPECT_TRUE(summary->text().endsWith(
        QStringLiteral("Needs about %1 of memory; an animation may use up to 256 MiB.").arg(need)))
        << summary->text().toStdString();
    EXPECT_TRUE(ok->isEnabled());

    // Four thousand pixels a side: more than the limit. Export is off and the summary says
    // why and what makes it fit.
    dialog.setFigureSize(QSize(4000, 4000));
    EXPECT_FALSE(ok->isEnabled());
    EXPECT_TRUE(summary->text().startsWith(QStringLiteral("This animation would need about")))
        << summary->text().toStdString();
    EXPECT_TRUE(summary->text().endsWith(
        QStringLiteral("more than the 256 MiB an animation may use: choose fewer frames, a smaller size or 1×.")))
        << summary->text().toStdString();
    ASSERT_TRUE(dialog.problem().has_value());
    dialog.accept();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    qunsetenv("ATTNLENS_ANIMATION_MEMORY_MIB");
}

TEST_F(ExportAnimationDialogTest, QueryMotionsTakeTheChosenQueryAndTarget)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 1);
    // The selected query is offered.
    EXPECT_EQ(dialog.plan().query, 1);
    dialog.setMotion(AnimationPlan::Kind::QueryPath);
    dialog.setQuery(0);
    child<QDoubleSpinBox>(&dialog, "animationTargetXSpin")->setValue(1.5);
    child<QDoubleSpinBox>(&dialog, "animationTargetYSpin")->setValue(-0.5);
    dialog.setFrames(10);
    AnimationPlan plan = dialog.plan();
    EXPECT_EQ(plan.kind, AnimationPlan::Kind::QueryPath);
    EXPECT_EQ(plan.query, 0);
    ASSERT_EQ(plan.path.size(), 1u);
    EXPECT_EQ(plan.path[0], QPointF(1.5, -0.5));
    EXPECT_EQ(plan.frames, 10);
    // The moving query is outlined in the figure.
    EXPECT_TRUE(dialog.options().figure.showSelection);

    dialog.setMotion(AnimationPlan::Kind::QueryCircle);
    plan = dialog.plan();
    EXPECT_EQ(plan.kind, AnimationPlan::Kind::QueryCircle);
    EXPECT_TRUE(plan.path.empty());
    EXPECT_EQ(plan.query, 0);
}

TEST_F(ExportAnimationDialogTest, CausalMaskTakesOneFramePerRowAndTheEmptyMask)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Mask, 0);
    dialog.setMotion(AnimationPlan::Kind::CausalMask);
    const AnimationPlan plan = dialog.plan();
    EXPECT_EQ(plan.kind, AnimationPlan::Kind::CausalMask);
    EXPECT_EQ(plan.frames, model.scenario().queryCount() + 1);
    EXPECT_FALSE(child<QSpinBox>(&dialog, "animationFramesSpin")->isEnabled());
    EXPECT_FALSE(dialog.options().figure.showSelection);
}

TEST_F(ExportAnimationDialogTest, OnlyTheRowsOfTheChosenMotionAreShown)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    dialog.show();
    auto *from = child<QDoubleSpinBox>(&dialog, "animationFromTemperatureSpin");
    auto *query = child<QComboBox>(&dialog, "animationQueryCombo");
    auto *target = child<QDoubleSpinBox>(&dialog, "animationTargetXSpin");
    dialog.setMotion(AnimationPlan::Kind::Temperature);
    EXPECT_TRUE(from->isVisible());
    EXPECT_FALSE(query->isVisible());
    EXPECT_FALSE(target->isVisible());
    dialog.setMotion(AnimationPlan::Kind::QueryPath);
    EXPECT_FALSE(from->isVisible());
    EXPECT_TRUE(query->isVisible());
    EXPECT_TRUE(target->isVisible());
    dialog.setMotion(AnimationPlan::Kind::QueryCircle);
    EXPECT_TRUE(query->isVisible());
    EXPECT_FALSE(target->isVisible());
}

TEST_F(ExportAnimationDialogTest, TheWholeWindowKeepsItsOwnStyleAndSizeFollowsTheView)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    FigureOptions heatmap;
    heatmap.view = FigureView::Heatmap;
    // The size offered has room for the caption every frame gets (the first frame's).
    heatmap.caption = dialog.options().figure.caption;
    EXPECT_FALSE(heatmap.caption.isEmpty());
    EXPECT_EQ(dialog.options().figure.size, exporter.defaultSize(heatmap));
    // Without the caption, the band goes and the size offered is the view's own.
    child<QCheckBox>(&dialog, "animationCaptionCheck")->setChecked(false);
    EXPECT_TRUE(dialog.options().figure.caption.isEmpty());
    heatmap.caption.clear();
    EXPECT_EQ(dialog.options().figure.size, exporter.defaultSize(heatmap));
    dialog.setFigureTheme(Theme::Kind::Dark);
    dialog.setView(FigureView::Window);
    EXPECT_FALSE(child<QComboBox>(&dialog, "animationThemeCombo")->isEnabled());
    EXPECT_FALSE(dialog.options().figure.theme.has_value());
}

TEST_F(ExportAnimationDialogTest, RecordingModeAsksNoMotionAndKeepsTheFrameRateInRange)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Record, &model, &exporter, FigureView::Window, 0);
    EXPECT_EQ(dialog.findChild<QComboBox *>(QStringLiteral("animationMotionCombo")), nullptr);
    auto *fps = child<QSpinBox>(&dialog, "animationFpsSpin");
    EXPECT_EQ(fps->minimum(), ExportAnimationDialog::kMinimumRecordingFps);
    EXPECT_EQ(fps->maximum(), ExportAnimationDialog::kMaximumRecordingFps);
    fps->setValue(100);
    EXPECT_EQ(dialog.options().framesPerSecond, ExportAnimationDialog::kMaximumRecordingFps);
    EXPECT_EQ(dialog.options().figure.view, FigureView::Window);
}

TEST_F(ExportAnimationDialogTest, RecordingModeSaysHowManyFramesItKeeps)
{
    // The recording keeps its frames in memory: the summary says how many fit the cap with
    // the saving of them, and how much memory that is.
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Record, &model, &exporter, FigureView::Heatmap, 0);
    dialog.setFigureSize(QSize(1280, 720));
    const int kept = AnimationRecorder::frameLimitFor(QSize(1280, 720), AnimationRecorder::kMaximumFrames);
    ASSERT_LT(kept, AnimationRecorder::kMaximumFrames);
    const QString text = child<QLabel>(&dialog, "animationSummaryLabel")->text();
    EXPECT_TRUE(text.endsWith(QStringLiteral("At most %1 different frames are kept, about %2 of memory with saving them.")
                                  .arg(kept)
                                  .arg(AnimationMemory::describe(AnimationRecorder::memoryFor(QSize(1280, 720), kept)))))
        << text.toStdString();
}

TEST_F(ExportAnimationDialogTest, EveryControlNamesItselfAndTakesTheFocus)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    dialog.setMotion(AnimationPlan::Kind::QueryPath);
    dialog.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
    EXPECT_FALSE(dialog.accessibleName().isEmpty());
    EXPECT_FALSE(dialog.accessibleDescription().isEmpty());
    for (QWidget *widget : dialog.findChildren<QWidget *>()) {
        if (!widget->isVisible() || !widget->focusPolicy() || !(widget->focusPolicy() & Qt::TabFocus))
            continue;
        if (qobject_cast<QAbstractSpinBox *>(widget) || qobject_cast<QComboBox *>(widget)) {
            EXPECT_FALSE(widget->accessibleName().isEmpty()) << widget->objectName().toStdString();
        }
    }
}

TEST_F(ExportAnimationDialogTest, AMotionThatCannotRunSaysWhyAndCannotBeExported)
{
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    auto *ok = child<QPushButton>(&dialog, "animationOkButton");
    auto *summary = child<QLabel>(&dialog, "animationSummaryLabel");
    dialog.setMotion(AnimationPlan::Kind::QueryPath);
    dialog.setQuery(0);
    const Matrix &queries = model.scenario().queries;
    dialog.setTarget(QPointF(queries(0, 0), queries(0, 1)));
    ASSERT_TRUE(dialog.plan().check(model).has_value());
    EXPECT_FALSE(ok->isEnabled());
    EXPECT_TRUE(summary->text().contains(QStringLiteral("already at this point"))) << summary->text().toStdString();
    dialog.accept();
    EXPECT_NE(dialog.result(), QDialog::Accepted);
    dialog.setTarget(QPointF(queries(0, 0) + 1.0, queries(0, 1)));
    EXPECT_TRUE(ok->isEnabled());
}

TEST_F(ExportAnimationDialogTest, AQueryOfOneComponentCannotMoveInAPlane)
{
    Scenario line;
    line.name = QStringLiteral("line");
    line.queries = Matrix::Constant(1, 1, 1.0);
    line.keys = Matrix::Constant(2, 1, 1.0);
    line.keys(1, 0) = -1.0;
    line.values = Matrix::Constant(2, 1, 2.0);
    model.setScenario(line);
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    dialog.setMotion(AnimationPlan::Kind::QueryCircle);
    EXPECT_FALSE(child<QPushButton>(&dialog, "animationOkButton")->isEnabled());
    EXPECT_TRUE(dialog.problem()->contains(QStringLiteral("only one"))) << dialog.problem()->toStdString();
    dialog.setMotion(AnimationPlan::Kind::Temperature);
    EXPECT_FALSE(dialog.problem().has_value());
}

TEST_F(ExportAnimationDialogTest, AcceptedChoicesAreOfferedNextTime)
{
    {
        ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
        dialog.setMotion(AnimationPlan::Kind::QueryCircle);
        dialog.setTemperatureRange(0.5, 4.0);
        dialog.setFrames(33);
        dialog.setFramesPerSecond(24);
        dialog.setFigureTheme(Theme::Kind::Projector);
        auto *resolution = dialog.findChild<QComboBox *>(QStringLiteral("animationResolutionCombo"));
        ASSERT_NE(resolution, nullptr);
        resolution->setCurrentIndex(1);
        EXPECT_DOUBLE_EQ(dialog.options().figure.dpi, 192.0);
        // The summary counts the pixels a frame will have.
        const QSize logical = dialog.options().figure.size;
        auto *summary = dialog.findChild<QLabel *>(QStringLiteral("animationSummaryLabel"));
        ASSERT_NE(summary, nullptr);
        EXPECT_TRUE(summary->text().contains(QStringLiteral("%1 × %2").arg(2 * logical.width()).arg(2 * logical.height())))
            << summary->text().toStdString();
        dialog.accept();
        EXPECT_EQ(dialog.result(), QDialog::Accepted);
    }
    ExportAnimationDialog next(ExportAnimationDialog::Mode::Export, &model, &exporter, FigureView::Heatmap, 0);
    const AnimationPlan plan = next.plan();
    EXPECT_EQ(plan.kind, AnimationPlan::Kind::QueryCircle);
    EXPECT_DOUBLE_EQ(plan.fromTemperature, 0.5);
    EXPECT_DOUBLE_EQ(plan.toTemperature, 4.0);
    EXPECT_EQ(plan.frames, 33);
    EXPECT_EQ(next.options().framesPerSecond, 24);
    EXPECT_EQ(next.options().figure.theme, Theme::Kind::Projector);
    EXPECT_DOUBLE_EQ(next.options().figure.dpi, 192.0);
    // The recording keeps a frame rate of its own.
    ExportAnimationDialog recording(ExportAnimationDialog::Mode::Record, &model, &exporter, FigureView::Window, 0);
    EXPECT_NE(recording.options().framesPerSecond, 24);
}

namespace {

class AnimationActionsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        clearAnimationSettings();
        window = std::make_unique<MainWindow>();
        window->openScenario(builtinScenario("lesson"), QStringLiteral("lesson"));
        window->resize(1280, 720);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        QCoreApplication::processEvents();
        actions = window->animationActions();
        ASSERT_NE(actions, nullptr);
        ASSERT_TRUE(folder.isValid());
        actions->dialogs().reportError = [this](const QString &, const QString &text) { errors.append(text); };
    }

    void TearDown() override
    {
        window.reset();
        clearAnimationSettings();
    }

    /// A temperature sweep of the heatmap, `frames` frames of 240 x 160 pixels.
    /// `resolution`: the row of the Resolution choice (0 = 1x, 1 = 2x).
    void configureSweep(int frames, int resolution = 0)
    {
        actions->dialogs().configure = [frames, resolution](ExportAnimationDialog &dialog) {
            dialog.setMotion(AnimationPlan::Kind::Temperature);
            dialog.setTemperatureRange(0.1, 10.0);
            dialog.setFrames(frames);
            dialog.setFigureSize(QSize(240, 160));
            auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("animationResolutionCombo"));
            EXPECT_NE(combo, nullptr);
            if (combo)
                combo->setCurrentIndex(resolution);
            return !dialog.problem().has_value();
        };
    }

    std::unique_ptr<MainWindow> window;
    AnimationActions *actions = nullptr;
    QTemporaryDir folder;
    QStringList errors;
};

} // namespace

TEST_F(AnimationActionsTest, FileMenuOffersExportAnimationAndRecordingWithFreeShortcuts)
{
    QMenu *file = nullptr;
    for (QAction *action : window->menuBar()->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
            file = action->menu();
    }
    ASSERT_NE(file, nullptr);
    EXPECT_TRUE(file->actions().contains(actions->exportAction()));
    EXPECT_TRUE(file->actions().contains(actions->recordAction()));
    // Each item of the menu has a letter of its own.
    QSet<QChar> letters;
    for (QAction *action : file->actions()) {
        const QString text = action->text();
        const qsizetype amp = text.indexOf(QLatin1Char('&'));
        if (action->isSeparator() || amp < 0 || amp + 1 >= text.size())
            continue;
        const QChar letter = text.at(amp + 1).toLower();
        EXPECT_FALSE(letters.contains(letter)) << text.toStdString();
        letters.insert(letter);
    }
    EXPECT_EQ(actions->exportAction()->shortcut(), AnimationActions::exportShortcut());
    EXPECT_EQ(actions->recordAction()->shortcut(), AnimationActions::recordShortcut());
    // No other action of the window answers the same keys.
    for (QAction *action : window->findChildren<QAction *>()) {
        if (action == actions->exportAction() || action == actions->recordAction())
            continue;
        for (const QKeySequence &keys : action->shortcuts()) {
            EXPECT_NE(keys, AnimationActions::exportShortcut()) << action->text().toStdString();
            EXPECT_NE(keys, AnimationActions::recordShortcut()) << action->text().toStdString();
        }
    }
}

TEST_F(AnimationActionsTest, ExportWritesTheFramesAndLeavesTheDocumentAsItWas)
{
    configureSweep(8);
    const QString path = folder.filePath(QStringLiteral("sweep.gif"));
    actions->dialogs().askSavePath = [path](const QString &, const QString &suggested) {
        EXPECT_TRUE(suggested.endsWith(QStringLiteral(".gif"))) << suggested.toStdString();
        return path;
    };
    int progressCalls = 0;
    actions->dialogs().onProgress = [&progressCalls](QProgressDialog *dialog, int done, int total) {
        ++progressCalls;
        // Shown only when the work takes longer than half a second, and it blocks the window.
        EXPECT_EQ(dialog->minimumDuration(), 500);
        EXPECT_EQ(dialog->windowModality(), Qt::WindowModal);
        EXPECT_EQ(dialog->value(), done);
        EXPECT_EQ(dialog->maximum(), total);
    };
    const Scenario before = window->model()->scenario();
    const int undoCount = window->undoRecorder()->undoStack()->count();
    const int undoIndex = window->undoRecorder()->undoStack()->index();
    const bool modified = window->documentController()->isModified();

    ASSERT_TRUE(actions->exportAnimation(FigureView::Heatmap)) << errors.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(errors.isEmpty());
    EXPECT_GE(progressCalls, 8);
    EXPECT_TRUE(window->model()->scenario() == before);
    EXPECT_EQ(window->undoRecorder()->undoStack()->count(), undoCount);
    EXPECT_EQ(window->undoRecorder()->undoStack()->index(), undoIndex);
    EXPECT_EQ(window->documentController()->isModified(), modified);

    ASSERT_TRUE(QFile::exists(path));
    const auto frames = identifyFrames(path);
    if (!frames)
        GTEST_SKIP() << "ImageMagick's identify is not installed (scripts/install-deps.sh installs it)";
    ASSERT_EQ(frames->size(), 8);
    for (const QSize &size : *frames)
        EXPECT_EQ(size, QSize(240, 160));
}

// Issue 28: an export drew its frames by playing them on the live document, so every view, the
// lesson ("You changed the scenario") and the autosave saw the sweep go by. Frames of a view are
// drawn from a copy: the live model says nothing while the file is written.
TEST_F(AnimationActionsTest, AnExportLeavesTheLiveDocumentStill)
{
    window->startLesson(0);
    QCoreApplication::processEvents();
    configureSweep(6);
    const QString path = folder.filePath(QStringLiteral("still.webp"));
    actions->dialogs().askSavePath = [path](const QString &, const QString &) { return path; };
    AttentionModel *model = window->model();
    int signalled = 0;
    const auto count = [&signalled] { ++signalled; };
    const QList<QMetaObject::Connection> connections = {
        QObject::connect(model, &AttentionModel::temperatureChanged, count),
        QObject::connect(model, &AttentionModel::resultChanged, count),
        QObject::connect(model, &AttentionModel::scenarioReset, count),
        QObject::connect(model, &AttentionModel::maskChanged, count),
        QObject::connect(model, &AttentionModel::queryChanged, count),
    };
    const Scenario before = model->wholeScenario();

    ASSERT_TRUE(actions->exportAnimation(FigureView::Heatmap)) << errors.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(signalled, 0) << "the live model changed while the frames were drawn";
    for (const QMetaObject::Connection &connection : connections)
        QObject::disconnect(connection);
    EXPECT_TRUE(model->wholeScenario() == before);
    EXPECT_TRUE(QFile::exists(path));
}

TEST_F(AnimationActionsTest, TwiceTheResolutionDrawsFramesWithTwiceThePixelsEachWay)
{
    configureSweep(3, 1);
    const QString path = folder.filePath(QStringLiteral("sharp.gif"));
    actions->dialogs().askSavePath = [path](const QString &, const QString &) { return path; };
    ASSERT_TRUE(actions->exportAnimation(FigureView::Heatmap)) << errors.join(QLatin1Char('\n')).toStdString();
    const auto frames = identifyFrames(path);
    if (!frames)
        GTEST_SKIP() << "ImageMagick's identify is not installed (scripts/install-deps.sh installs it)";
    ASSERT_EQ(frames->size(), 3);
    for (const QSize &size : *frames)
        EXPECT_EQ(size, QSize(480, 320));
}

TEST_F(AnimationActionsTest, CancelWhileEncodingWritesNothingAndKeepsTheOldFile)
{
    configureSweep(30);
    const QString path = folder.filePath(QStringLiteral("kept.gif"));
    {
        QFile old(path);
        ASSERT_TRUE(old.open(QIODevice::WriteOnly));
        old.write("an older file");
    }
    actions->dialogs().askSavePath = [path](const QString &, const QString &) { return path; };
    actions->dialogs().onProgress = [](QProgressDialog *dialog, int done, int) {
        if (done == 3)
            dialog->cancel();
    };
    const Scenario before = window->model()->scenario();
    EXPECT_FALSE(actions->exportAnimation(FigureView::Heatmap));
    EXPECT_TRUE(errors.isEmpty()) << errors.join(QLatin1Char('\n')).toStdString();
    QFile kept(path);
    ASSERT_TRUE(kept.open(QIODevice::ReadOnly));
    EXPECT_EQ(kept.readAll(), QByteArray("an older file"));
    EXPECT_EQ(QDir(folder.path()).entryList(QDir::Files), QStringList{QStringLiteral("kept.gif")});
    EXPECT_TRUE(window->model()->scenario() == before);
}

TEST_F(AnimationActionsTest, ANameWithoutAnAnimationSuffixIsRefusedByName)
{
    configureSweep(4);
    const QString path = folder.filePath(QStringLiteral("figure.svg"));
    actions->dialogs().askSavePath = [path](const QString &, const QString &) { return path; };
    EXPECT_FALSE(actions->exportAnimation(FigureView::Heatmap));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors[0].contains(QStringLiteral("figure.svg"))) << errors[0].toStdString();
    EXPECT_FALSE(QFile::exists(path));
}
