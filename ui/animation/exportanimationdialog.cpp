#include "exportanimationdialog.h"

#include "animationmemory.h"
#include "animationrecorder.h"
#include "attentionmodel.h"
#include "headtitle.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "figurestylecombo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr int kDefaultRecordingFps = 10;
const char *const kSettingsMotion = "animation/motion";
const char *const kSettingsFromTemperature = "animation/fromTemperature";
const char *const kSettingsToTemperature = "animation/toTemperature";
const char *const kSettingsFrames = "animation/frames";
const char *const kSettingsFps = "animation/framesPerSecond";
const char *const kSettingsRecordingFps = "animation/recordingFramesPerSecond";
const char *const kSettingsTheme = "animation/theme";
const char *const kSettingsDpi = "animation/dpi";
const char *const kSettingsCaption = "animation/captionEachFrame";

QWidget *rowOf(QWidget *parent, const QList<QWidget *> &widgets)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget *widget : widgets)
        layout->addWidget(widget);
    layout->addStretch(1);
    return row;
}

} // namespace

ExportAnimationDialog::ExportAnimationDialog(Mode mode, const AttentionModel *model,
                                             const FigureExporter *exporter, FigureView view,
                                             int selectedQuery, QWidget *parent)
    : QDialog(parent)
    , m_mode(mode)
    , m_model(model)
    , m_exporter(exporter)
{
    const bool exporting = mode == Mode::Export;
    setObjectName(exporting ? QStringLiteral("exportAnimationDialog") : QStringLiteral("startRecordingDialog"));
    setWindowTitle(exporting ? tr("Export Animation") : tr("Start Recording"));
    setAccessibleName(exporting ? tr("Export animation") : tr("Start recording"));
    setAccessibleDescription(exporting
                                 ? tr("Saves a view as an animated GIF, WebP or APNG of a temperature "
                                      "sweep, a moving query or a causal mask filled row by row.")
                                 : tr("Records a view or the whole window while you work, drawn off "
                                      "screen at the chosen size and frame rate, until you stop it."));

    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    auto label = [this](const QString &text, QWidget *buddy) {
        auto *l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };

    m_viewCombo = new QComboBox(this);
    m_viewCombo->setObjectName(QStringLiteral("animationViewCombo"));
    m_viewCombo->setAccessibleName(tr("View"));
    for (FigureView v : allFigureViews())
        m_viewCombo->addItem(figureViewTitle(v), static_cast<int>(v));
    m_viewCombo->setCurrentIndex(m_viewCombo->findData(static_cast<int>(view)));
    m_form->addRow(label(tr("&View:"), m_viewCombo), m_viewCombo);

    const Scenario &scenario = model->scenario();
    if (exporting) {
        m_motionCombo = new QComboBox(this);
        m_motionCombo->setObjectName(QStringLiteral("animationMotionCombo"));
        m_motionCombo->setAccessibleName(tr("What moves"));
        m_motionCombo->addItem(tr("Temperature sweep (logarithmic)"), static_cast<int>(AnimationPlan::Kind::Temperature));
        m_motionCombo->addItem(tr("Query moves to a point"), static_cast<int>(AnimationPlan::Kind::QueryPath));
        m_motionCombo->addItem(tr("Query goes around the circle through the keys"),
                               static_cast<int>(AnimationPlan::Kind::QueryCircle));
        m_motionCombo->addItem(tr("Causal mask, filled row by row"), static_cast<int>(AnimationPlan::Kind::CausalMask));
        m_form->addRow(label(tr("&Moves:"), m_motionCombo), m_motionCombo);

        m_fromTemperatureSpin = new QDoubleSpinBox(this);
        m_fromTemperatureSpin->setObjectName(QStringLiteral("animationFromTemperatureSpin"));
        m_fromTemperatureSpin->setAccessibleName(tr("Temperature of the first frame"));
        m_toTemperatureSpin = new QDoubleSpinBox(this);
        m_toTemperatureSpin->setObjectName(QStringLiteral("animationToTemperatureSpin"));
        m_toTemperatureSpin->setAccessibleName(tr("Temperature of the last frame"));
        for (QDoubleSpinBox *spin : {m_fromTemperatureSpin, m_toTemperatureSpin}) {
            spin->setRange(0.01, 100.0);
            spin->setDecimals(2);
            spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
        }
        m_fromTemperatureSpin->setValue(0.1);
        m_toTemperatureSpin->setValue(10.0);
        m_temperatureRow = rowOf(this, {m_fromTemperatureSpin, new QLabel(QStringLiteral("→"), this), m_toTemperatureSpin});
        m_form->addRow(label(tr("&Temperature:"), m_fromTemperatureSpin), m_temperatureRow);

        m_queryCombo = new QComboBox(this);
        m_queryCombo->setObjectName(QStringLiteral("animationQueryCombo"));
        m_queryCombo->setAccessibleName(tr("Query that moves"));
        for (Index row = 0; row < scenario.queryCount(); ++row)
            m_queryCombo->addItem(scenario.queryLabel(row), static_cast<int>(row));
        m_queryCombo->setCurrentIndex(std::clamp(selectedQuery, 0, std::max(0, m_queryCombo->count() - 1)));
        m_form->addRow(label(tr("&Query:"), m_queryCombo), m_queryCombo);

        m_targetXSpin = new QDoubleSpinBox(this);
        m_targetXSpin->setObjectName(QStringLiteral("animationTargetXSpin"));
        m_targetXSpin->setAccessibleName(tr("Target, first component"));
        m_targetYSpin = new QDoubleSpinBox(this);
        m_targetYSpin->setObjectName(QStringLiteral("animationTargetYSpin"));
        m_targetYSpin->setAccessibleName(tr("Target, second component"));
        for (QDoubleSpinBox *spin : {m_targetXSpin, m_targetYSpin}) {
            spin->setRange(-1000.0, 1000.0);
            spin->setDecimals(2);
            spin->setSingleStep(0.1);
        }
        // The first key is a target worth watching: the query's weight flows to it.
        const QPointF firstKey = planePoint(scenario.keys, 0);
        m_targetXSpin->setValue(firstKey.x());
        m_targetYSpin->setValue(firstKey.y());
        m_targetRow = rowOf(this, {new QLabel(QStringLiteral("("), this), m_targetXSpin,
                                   new QLabel(QStringLiteral(","), this), m_targetYSpin,
                                   new QLabel(QStringLiteral(")"), this)});
        m_form->addRow(label(tr("T&arget point:"), m_targetXSpin), m_targetRow);

        m_framesSpin = new QSpinBox(this);
        m_framesSpin->setObjectName(QStringLiteral("animationFramesSpin"));
        m_framesSpin->setAccessibleName(tr("Number of frames"));
        m_framesSpin->setRange(AnimationPlan::kMinimumFrames, AnimationPlan::kMaximumFrames);
        m_framesSpin->setValue(AnimationPlan::kDefaultFrames);
        m_form->addRow(label(tr("F&rames:"), m_framesSpin), m_framesSpin);
    }

    m_widthSpin = new QSpinBox(this);
    m_widthSpin->setObjectName(QStringLiteral("animationWidthSpin"));
    m_widthSpin->setAccessibleName(tr("Width in pixels"));
    m_heightSpin = new QSpinBox(this);
    m_heightSpin->setObjectName(QStringLiteral("animationHeightSpin"));
    m_heightSpin->setAccessibleName(tr("Height in pixels"));
    for (QSpinBox *spin : {m_widthSpin, m_heightSpin}) {
        spin->setRange(FigureOptions::kMinimumSide, FigureOptions::kMaximumSide);
        spin->setSuffix(tr(" px"));
        spin->setAccelerated(true);
    }
    m_form->addRow(label(tr("&Size:"), m_widthSpin),
                   rowOf(this, {m_widthSpin, new QLabel(QStringLiteral("×"), this), m_heightSpin}));

    // The frames' resolution: 2x draws every frame with twice the pixels each way, as a still
    // figure at 192 dpi, for slides shown on large or sharp screens.
    m_resolutionCombo = new QComboBox(this);
    m_resolutionCombo->setObjectName(QStringLiteral("animationResolutionCombo"));
    m_resolutionCombo->setAccessibleName(tr("Resolution"));
    m_resolutionCombo->addItem(tr("1× (as on screen)"), FigureOptions::kReferenceDpi);
    m_resolutionCombo->addItem(tr("2× (sharp on slides and large screens)"), 2.0 * FigureOptions::kReferenceDpi);
    m_form->addRow(label(tr("Resol&ution:"), m_resolutionCombo), m_resolutionCombo);

    m_fpsSpin = new QSpinBox(this);
    m_fpsSpin->setObjectName(QStringLiteral("animationFpsSpin"));
    m_fpsSpin->setAccessibleName(tr("Frames per second"));
    m_fpsSpin->setSuffix(tr(" frames per second"));
    if (exporting) {
        m_fpsSpin->setRange(AnimationOptions::kMinimumFramesPerSecond, AnimationOptions::kMaximumFramesPerSecond);
        m_fpsSpin->setValue(AnimationOptions::kDefaultFramesPerSecond);
    } else {
        m_fpsSpin->setRange(kMinimumRecordingFps, kMaximumRecordingFps);
        m_fpsSpin->setValue(kDefaultRecordingFps);
    }
    m_form->addRow(label(tr("S&peed:"), m_fpsSpin), m_fpsSpin);

    m_themeCombo = new FigureStyleCombo(this);
    m_themeCombo->setObjectName(QStringLiteral("animationThemeCombo"));
    m_form->addRow(label(tr("St&yle:"), m_themeCombo), m_themeCombo);

    // A slide that moves says what moves: on by default, as on the command line.
    m_captionCheck = new QCheckBox(tr("&Caption every frame with what it shows (temperature, mask, moving query)"), this);
    m_captionCheck->setObjectName(QStringLiteral("animationCaptionCheck"));
    m_captionCheck->setAccessibleName(tr("Caption every frame"));
    m_captionCheck->setChecked(true);
    m_form->addRow(QString(), m_captionCheck);

    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(QStringLiteral("animationSummaryLabel"));
    m_summaryLabel->setWordWrap(true);
    m_form->addRow(QString(), m_summaryLabel);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_okButton = buttons->button(QDialogButtonBox::Ok);
    m_okButton->setObjectName(QStringLiteral("animationOkButton"));
    m_okButton->setText(exporting ? tr("Export…") : tr("Record"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &ExportAnimationDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_viewCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportAnimationDialog::onViewChanged);
    connect(m_themeCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportAnimationDialog::offerSize);
    connect(m_captionCheck, &QCheckBox::toggled, this, &ExportAnimationDialog::offerSize);
    connect(m_resolutionCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportAnimationDialog::updateSummary);
    for (QSpinBox *spin : {m_widthSpin, m_heightSpin, m_fpsSpin})
        connect(spin, qOverload<int>(&QSpinBox::valueChanged), this, &ExportAnimationDialog::updateSummary);
    if (exporting) {
        connect(m_motionCombo, qOverload<int>(&QComboBox::currentIndexChanged), this,
                &ExportAnimationDialog::onMotionChanged);
        connect(m_queryCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportAnimationDialog::updateSummary);
        connect(m_framesSpin, qOverload<int>(&QSpinBox::valueChanged), this, &ExportAnimationDialog::updateSummary);
        for (QDoubleSpinBox *spin : {m_fromTemperatureSpin, m_toTemperatureSpin, m_targetXSpin, m_targetYSpin})
            connect(spin, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &ExportAnimationDialog::updateSummary);
    }
    restoreSettings();
    if (exporting)
        onMotionChanged();
    onViewChanged();
}

void ExportAnimationDialog::restoreSettings()
{
    QSettings settings;
    if (m_mode == Mode::Export) {
        const int motion = m_motionCombo->findData(settings.value(QLatin1String(kSettingsMotion), 0).toInt());
        if (motion >= 0)
            m_motionCombo->setCurrentIndex(motion);
        m_fromTemperatureSpin->setValue(settings.value(QLatin1String(kSettingsFromTemperature), 0.1).toDouble());
        m_toTemperatureSpin->setValue(settings.value(QLatin1String(kSettingsToTemperature), 10.0).toDouble());
        m_framesSpin->setValue(settings.value(QLatin1String(kSettingsFrames), AnimationPlan::kDefaultFrames).toInt());
        m_fpsSpin->setValue(settings.value(QLatin1String(kSettingsFps), AnimationOptions::kDefaultFramesPerSecond).toInt());
    } else {
        m_fpsSpin->setValue(settings.value(QLatin1String(kSettingsRecordingFps), kDefaultRecordingFps).toInt());
    }
    m_themeCombo->setTheme(Theme::fromId(settings.value(QLatin1String(kSettingsTheme)).toString()));
    m_captionCheck->setChecked(settings.value(QLatin1String(kSettingsCaption), true).toBool());
    const int resolution = m_resolutionCombo->findData(settings.value(QLatin1String(kSettingsDpi), FigureOptions::kReferenceDpi).toDouble());
    m_resolutionCombo->setCurrentIndex(std::max(0, resolution));
}

void ExportAnimationDialog::saveSettings() const
{
    QSettings settings;
    if (m_mode == Mode::Export) {
        settings.setValue(QLatin1String(kSettingsMotion), static_cast<int>(currentKind()));
        settings.setValue(QLatin1String(kSettingsFromTemperature), m_fromTemperatureSpin->value());
        settings.setValue(QLatin1String(kSettingsToTemperature), m_toTemperatureSpin->value());
        if (currentKind() != AnimationPlan::Kind::CausalMask)
            settings.setValue(QLatin1String(kSettingsFrames), m_framesSpin->value());
        settings.setValue(QLatin1String(kSettingsFps), m_fpsSpin->value());
    } else {
        settings.setValue(QLatin1String(kSettingsRecordingFps), m_fpsSpin->value());
    }
    const auto theme = m_themeCombo->theme();
    settings.setValue(QLatin1String(kSettingsTheme), theme ? Theme::id(*theme) : QStringLiteral("screen"));
    settings.setValue(QLatin1String(kSettingsDpi), m_resolutionCombo->currentData().toDouble());
    settings.setValue(QLatin1String(kSettingsCaption), m_captionCheck->isChecked());
}

QPointF ExportAnimationDialog::planePoint(const Matrix &matrix, Index row) const
{
    if (row >= matrix.rows() || matrix.cols() < 1)
        return {};
    return QPointF(matrix(row, 0), matrix.cols() > 1 ? matrix(row, 1) : 0.0);
}

FigureView ExportAnimationDialog::currentView() const
{
    return static_cast<FigureView>(m_viewCombo->currentData().toInt());
}

AnimationPlan::Kind ExportAnimationDialog::currentKind() const
{
    return m_motionCombo ? static_cast<AnimationPlan::Kind>(m_motionCombo->currentData().toInt())
                         : AnimationPlan::Kind::Temperature;
}

AnimationPlan ExportAnimationDialog::plan() const
{
    AnimationPlan plan;
    if (m_mode != Mode::Export)
        return plan;
    plan.kind = currentKind();
    plan.frames = m_framesSpin->value();
    plan.framesGiven = plan.kind != AnimationPlan::Kind::CausalMask;
    plan.fromTemperature = m_fromTemperatureSpin->value();
    plan.toTemperature = m_toTemperatureSpin->value();
    plan.query = m_queryCombo->currentData().toInt();
    if (plan.kind == AnimationPlan::Kind::QueryPath)
        plan.path = {QPointF(m_targetXSpin->value(), m_targetYSpin->value())};
    return plan;
}

AnimationOptions ExportAnimationDialog::options() const
{
    AnimationOptions options;
    options.figure.view = currentView();
    options.figure.format = FigureFormat::Png;
    options.figure.size = QSize(m_widthSpin->value(), m_heightSpin->value());
    options.figure.dpi = m_resolutionCombo->currentData().toDouble();
    if (m_themeCombo->isEnabled())
        options.figure.theme = m_themeCombo->theme();
    // The moving query is the point of a query animation: its row is outlined.
    options.figure.showSelection = m_mode == Mode::Record
        || currentKind() == AnimationPlan::Kind::QueryPath || currentKind() == AnimationPlan::Kind::QueryCircle;
    options.framesPerSecond = m_fpsSpin->value();
    options.captionEachFrame = m_captionCheck->isChecked();
    if (options.captionEachFrame) {
        // The first frame's caption, so that the size offered has room for it; every frame
        // then gets its own.
        const bool queryMoves = m_mode == Mode::Export
            && (currentKind() == AnimationPlan::Kind::QueryPath || currentKind() == AnimationPlan::Kind::QueryCircle);
        options.figure.caption = animationFrameCaption(m_model->scenario(), headTag(*m_model),
                                                       queryMoves ? m_queryCombo->currentData().toInt() : -1);
    }
    return options;
}

std::optional<QString> ExportAnimationDialog::problem() const
{
    if (m_mode == Mode::Export) {
        if (const auto refusal = plan().check(*m_model)) {
            // The plan's reasons are written for the command line; the cases this dialog can
            // reach are told here in the window's language.
            const AnimationPlan::Kind kind = currentKind();
            const bool queryMoves = kind == AnimationPlan::Kind::QueryPath || kind == AnimationPlan::Kind::QueryCircle;
            if (queryMoves && m_model->scenario().queryDimension() < 2)
                return tr("A query moves in the plane of its first two components, and the queries of "
                          "this scenario have only one.");
            if (kind == AnimationPlan::Kind::QueryPath)
                return tr("The query is already at this point: choose another target.");
            if (kind == AnimationPlan::Kind::QueryCircle)
                return tr("The keys all lie at the origin, so no circle runs through them.");
            return refusal;
        }
    }
    const AnimationOptions o = options();
    if (const auto refusal = m_exporter->validate(o.figure))
        return refusal;
    if (m_mode == Mode::Export) {
        // The file's suffix chooses the format after this dialog: the largest of the formats'
        // needs decides, so the export the dialog lets through is never refused for memory.
        const qint64 need = AnimationMemory::largestEstimate(plan().frameCount(*m_model), o.figure.pixelSize(o.figure.size));
        return AnimationMemory::problem(need, AnimationMemory::limit());
    }
    return std::nullopt;
}

void ExportAnimationDialog::setView(FigureView view)
{
    m_viewCombo->setCurrentIndex(m_viewCombo->findData(static_cast<int>(view)));
}

void ExportAnimationDialog::setMotion(AnimationPlan::Kind kind)
{
    if (m_motionCombo)
        m_motionCombo->setCurrentIndex(m_motionCombo->findData(static_cast<int>(kind)));
}

void ExportAnimationDialog::setTemperatureRange(double from, double to)
{
    if (!m_fromTemperatureSpin)
        return;
    m_fromTemperatureSpin->setValue(from);
    m_toTemperatureSpin->setValue(to);
}

void ExportAnimationDialog::setFrames(int frames)
{
    if (m_framesSpin)
        m_framesSpin->setValue(frames);
}

void ExportAnimationDialog::setQuery(int row)
{
    if (m_queryCombo)
        m_queryCombo->setCurrentIndex(m_queryCombo->findData(row));
}

void ExportAnimationDialog::setTarget(const QPointF &point)
{
    if (!m_targetXSpin)
        return;
    m_targetXSpin->setValue(point.x());
    m_targetYSpin->setValue(point.y());
}

void ExportAnimationDialog::setFigureSize(const QSize &size)
{
    m_widthSpin->setValue(size.width());
    m_heightSpin->setValue(size.height());
}

void ExportAnimationDialog::setFramesPerSecond(int fps)
{
    m_fpsSpin->setValue(fps);
}

void ExportAnimationDialog::setFigureTheme(std::optional<Theme::Kind> theme)
{
    m_themeCombo->setTheme(theme);
}

void ExportAnimationDialog::onViewChanged()
{
    // The whole window is drawn as it is, in its own theme.
    m_themeCombo->setEnabled(currentView() != FigureView::Window);
    FigureOptions figure = options().figure;
    figure.size = QSize();
    setFigureSize(m_exporter->defaultSize(figure));
    updateSummary();
}

void ExportAnimationDialog::offerSize()
{
    FigureOptions figure = options().figure;
    figure.size = QSize();
    setFigureSize(m_exporter->defaultSize(figure));
}

void ExportAnimationDialog::onMotionChanged()
{
    const AnimationPlan::Kind kind = currentKind();
    m_form->setRowVisible(m_temperatureRow, kind == AnimationPlan::Kind::Temperature);
    m_form->setRowVisible(m_queryCombo, kind == AnimationPlan::Kind::QueryPath || kind == AnimationPlan::Kind::QueryCircle);
    m_form->setRowVisible(m_targetRow, kind == AnimationPlan::Kind::QueryPath);
    // The causal mask takes one frame per query row, and the empty mask before them.
    const bool causal = kind == AnimationPlan::Kind::CausalMask;
    if (causal)
        m_framesSpin->setValue(static_cast<int>(m_model->scenario().queryCount()) + 1);
    m_framesSpin->setEnabled(!causal);
    updateSummary();
    adjustSize();
}

void ExportAnimationDialog::updateSummary()
{
    const AnimationOptions o = options();
    // The pixels of a frame: the logical size times the resolution's scale.
    const QSize pixels = o.figure.pixelSize(o.figure.size);
    QString text;
    if (const auto refusal = problem()) {
        text = *refusal;
    } else if (m_mode == Mode::Export) {
        const int frames = plan().frameCount(*m_model);
        const double seconds = double(frames) / o.framesPerSecond;
        text = tr("%1 frames of %2 × %3 pixels, %4 s at %5 frames per second.")
                   .arg(frames)
                   .arg(pixels.width())
                   .arg(pixels.height())
                   .arg(QLocale().toString(seconds, 'f', 1))
                   .arg(o.framesPerSecond);
        text += QLatin1Char(' ')
            + tr("Needs about %1 of memory; an animation may use up to %2.")
                  .arg(AnimationMemory::describe(AnimationMemory::largestEstimate(frames, pixels)),
                       AnimationMemory::describe(AnimationMemory::limit()));
    } else {
        text = tr("Frames of %1 × %2 pixels, %3 a second; a frame that shows no change only "
                  "lengthens the one before it.")
                   .arg(pixels.width())
                   .arg(pixels.height())
                   .arg(o.framesPerSecond);
        const int kept = AnimationRecorder::frameLimitFor(pixels, AnimationRecorder::kMaximumFrames);
        text += QLatin1Char(' ')
            + tr("At most %1 different frames are kept, about %2 of memory with saving them.")
                  .arg(kept)
                  .arg(AnimationMemory::describe(AnimationRecorder::memoryFor(pixels, kept)));
    }
    m_summaryLabel->setText(text);
    m_okButton->setEnabled(!problem());
}

void ExportAnimationDialog::accept()
{
    if (problem())
        return;
    saveSettings();
    QDialog::accept();
}

} // namespace attnlens
