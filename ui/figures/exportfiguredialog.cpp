#include "exportfiguredialog.h"

#include "figureexporter.h"
#include "figurestylecombo.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

const char *const kSettingsFormat = "export/format";
const char *const kSettingsDpi = "export/dpi";
const char *const kSettingsTransparent = "export/transparent";
const char *const kSettingsTheme = "export/theme";
const char *const kSettingsSelection = "export/showSelection";
constexpr int kScreenTheme = FigureStyleCombo::kScreenTheme;
const char *const kSettingsCaption = "export/caption";
const char *const kSettingsFolder = "export/folder";

struct ResolutionPreset {
    double dpi;  ///< 0 for "custom"
    const char *text;
};

constexpr ResolutionPreset kPresets[] = {
    {96.0, QT_TRANSLATE_NOOP("attnlens::ExportFigureDialog", "1× (96 dpi, as on screen)")},
    {192.0, QT_TRANSLATE_NOOP("attnlens::ExportFigureDialog", "2× (192 dpi, sharp on slides)")},
    {300.0, QT_TRANSLATE_NOOP("attnlens::ExportFigureDialog", "300 dpi (print)")},
    {0.0, QT_TRANSLATE_NOOP("attnlens::ExportFigureDialog", "Custom")},
};
constexpr int kCustomPreset = 3;

} // namespace

ExportFigureDialog::ExportFigureDialog(const FigureExporter *exporter, FigureView view,
                                       const QString &scenarioName, const QString &defaultCaption,
                                       QWidget *parent)
    : QDialog(parent)
    , m_exporter(exporter)
    , m_scenarioName(scenarioName)
{
    setObjectName(QStringLiteral("exportFigureDialog"));
    setWindowTitle(tr("Export Figure"));
    setAccessibleName(tr("Export figure"));
    setAccessibleDescription(tr("Saves a view as a PNG image, an SVG drawing or a PDF page, at "
                                "the chosen size, resolution and style, optionally with the "
                                "selected query outlined and a caption."));

    m_viewCombo = new QComboBox(this);
    m_viewCombo->setObjectName(QStringLiteral("exportViewCombo"));
    for (FigureView v : allFigureViews())
        m_viewCombo->addItem(figureViewTitle(v), static_cast<int>(v));
    m_viewCombo->setAccessibleName(tr("View"));

    m_pathEdit = new QLineEdit(this);
    m_pathEdit->setObjectName(QStringLiteral("exportPathEdit"));
    m_pathEdit->setAccessibleName(tr("File"));
    m_pathEdit->setMinimumWidth(m_pathEdit->fontMetrics().averageCharWidth() * 48);
    m_browseButton = new QPushButton(tr("Browse…"), this);
    m_browseButton->setObjectName(QStringLiteral("exportBrowseButton"));
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_pathEdit, 1);
    pathRow->addWidget(m_browseButton);

    m_formatCombo = new QComboBox(this);
    m_formatCombo->setObjectName(QStringLiteral("exportFormatCombo"));
    m_formatCombo->setAccessibleName(tr("Format"));
    m_formatCombo->addItem(tr("PNG image (pixels; carries the scenario)"), static_cast<int>(FigureFormat::Png));
    m_formatCombo->addItem(tr("SVG drawing (vector, text stays text)"), static_cast<int>(FigureFormat::Svg));
    m_formatCombo->addItem(tr("PDF page (vector, one page)"), static_cast<int>(FigureFormat::Pdf));

    m_widthSpin = new QSpinBox(this);
    m_widthSpin->setObjectName(QStringLiteral("exportWidthSpin"));
    m_heightSpin = new QSpinBox(this);
    m_heightSpin->setObjectName(QStringLiteral("exportHeightSpin"));
    for (QSpinBox *spin : {m_widthSpin, m_heightSpin}) {
        spin->setRange(FigureOptions::kMinimumSide, FigureOptions::kMaximumSide);
        spin->setSuffix(tr(" px"));
        spin->setAccelerated(true);
    }
    m_widthSpin->setAccessibleName(tr("Width in logical pixels"));
    m_heightSpin->setAccessibleName(tr("Height in logical pixels"));
    m_screenSizeButton = new QPushButton(tr("As on screen"), this);
    m_screenSizeButton->setObjectName(QStringLiteral("exportScreenSizeButton"));
    m_screenSizeButton->setToolTip(tr("The size the view has in the window now"));
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_widthSpin);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_heightSpin);
    sizeRow->addWidget(m_screenSizeButton);
    sizeRow->addStretch(1);

    m_resolutionCombo = new QComboBox(this);
    m_resolutionCombo->setObjectName(QStringLiteral("exportResolutionCombo"));
    m_resolutionCombo->setAccessibleName(tr("Resolution"));
    for (const ResolutionPreset &preset : kPresets)
        m_resolutionCombo->addItem(tr(preset.text), preset.dpi);
    m_dpiSpin = new QDoubleSpinBox(this);
    m_dpiSpin->setObjectName(QStringLiteral("exportDpiSpin"));
    m_dpiSpin->setAccessibleName(tr("Dots per inch"));
    m_dpiSpin->setRange(FigureOptions::kMinimumDpi, FigureOptions::kMaximumDpi);
    m_dpiSpin->setDecimals(0);
    m_dpiSpin->setSuffix(tr(" dpi"));
    m_dpiSpin->setValue(FigureOptions::kReferenceDpi);
    auto *resolutionRow = new QHBoxLayout;
    resolutionRow->addWidget(m_resolutionCombo, 1);
    resolutionRow->addWidget(m_dpiSpin);

    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(QStringLiteral("exportSummaryLabel"));
    m_summaryLabel->setWordWrap(false);
    QPalette summaryPalette = m_summaryLabel->palette();
    summaryPalette.setColor(QPalette::WindowText, summaryPalette.color(QPalette::Disabled, QPalette::WindowText).darker(130));
    m_summaryLabel->setPalette(summaryPalette);

    m_themeCombo = new FigureStyleCombo(this);
    m_themeCombo->setObjectName(QStringLiteral("exportThemeCombo"));
    m_themeCombo->setToolTip(tr("The figure's colours and type, whatever the window shows now; "
                                "the whole window is always drawn as it is"));

    m_transparentCheck = new QCheckBox(tr("Transparent background"), this);
    m_transparentCheck->setObjectName(QStringLiteral("exportTransparentCheck"));
    m_transparentCheck->setToolTip(tr("Leaves the area around the view unpainted, for slides "
                                      "with a coloured background"));

    m_selectionCheck = new QCheckBox(tr("Show the selected query"), this);
    m_selectionCheck->setObjectName(QStringLiteral("exportSelectionCheck"));
    m_selectionCheck->setToolTip(tr("Outlines the selected query's row in the heatmap. Left "
                                    "out, a figure shows no selection, hover or focus."));

    m_captionCheck = new QCheckBox(tr("Caption under the figure:"), this);
    m_captionCheck->setObjectName(QStringLiteral("exportCaptionCheck"));
    m_captionEdit = new QLineEdit(defaultCaption, this);
    m_captionEdit->setObjectName(QStringLiteral("exportCaptionEdit"));
    m_captionEdit->setAccessibleName(tr("Caption"));
    m_captionEdit->setPlaceholderText(defaultCaption);

    // Rows holding several widgets get a label whose mnemonic focuses the first of them.
    auto label = [this](const QString &text, QWidget *buddy) {
        auto *l = new QLabel(text, this);
        l->setBuddy(buddy);
        return l;
    };
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(label(tr("&View:"), m_viewCombo), m_viewCombo);
    form->addRow(label(tr("&File:"), m_pathEdit), pathRow);
    form->addRow(label(tr("F&ormat:"), m_formatCombo), m_formatCombo);
    form->addRow(label(tr("&Size:"), m_widthSpin), sizeRow);
    form->addRow(label(tr("&Resolution:"), m_resolutionCombo), resolutionRow);
    form->addRow(QString(), m_summaryLabel);
    form->addRow(label(tr("S&tyle:"), m_themeCombo), m_themeCombo);
    form->addRow(QString(), m_transparentCheck);
    form->addRow(QString(), m_selectionCheck);
    form->addRow(m_captionCheck, m_captionEdit);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_exportButton = buttons->button(QDialogButtonBox::Ok);
    m_exportButton->setText(tr("Export"));
    m_exportButton->setObjectName(QStringLiteral("exportButton"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &ExportFigureDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_browseButton, &QPushButton::clicked, this, &ExportFigureDialog::browse);
    connect(m_viewCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportFigureDialog::onViewChanged);
    connect(m_formatCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportFigureDialog::onFormatChanged);
    connect(m_pathEdit, &QLineEdit::textEdited, this, &ExportFigureDialog::onPathEdited);
    connect(m_resolutionCombo, qOverload<int>(&QComboBox::currentIndexChanged), this,
            &ExportFigureDialog::onResolutionPresetChanged);
    connect(m_dpiSpin, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &ExportFigureDialog::updateSummary);
    connect(m_widthSpin, qOverload<int>(&QSpinBox::valueChanged), this, &ExportFigureDialog::updateSummary);
    connect(m_heightSpin, qOverload<int>(&QSpinBox::valueChanged), this, &ExportFigureDialog::updateSummary);
    connect(m_screenSizeButton, &QPushButton::clicked, this, [this] {
        m_offeredSize = offeredSize();
        setFigureSize(m_offeredSize);
    });
    connect(m_captionCheck, &QCheckBox::toggled, m_captionEdit, &QWidget::setEnabled);
    connect(m_captionCheck, &QCheckBox::toggled, this, &ExportFigureDialog::offerSize);
    connect(m_themeCombo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ExportFigureDialog::offerSize);
    connect(m_captionEdit, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (!text.isEmpty())
            m_captionCheck->setChecked(true);
        offerSize();
    });

    restoreSettings();
    m_lastView = view;
    {
        const QSignalBlocker blocker(m_viewCombo);
        m_viewCombo->setCurrentIndex(m_viewCombo->findData(static_cast<int>(view)));
    }
    QSettings settings;
    QString folder = settings.value(QLatin1String(kSettingsFolder)).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    m_pathEdit->setText(QDir::toNativeSeparators(QDir(folder).filePath(autoFileName(view, currentFormat()))));
    onViewChanged();
    m_captionEdit->setEnabled(m_captionCheck->isChecked());
}

FigureView ExportFigureDialog::currentView() const
{
    return static_cast<FigureView>(m_viewCombo->currentData().toInt());
}

FigureFormat ExportFigureDialog::currentFormat() const
{
    return static_cast<FigureFormat>(m_formatCombo->currentData().toInt());
}

QString ExportFigureDialog::autoFileName(FigureView view, FigureFormat format) const
{
    const QString name = figureFileSlug(m_scenarioName);
    return QStringLiteral("%1%2.%3")
        .arg(name.isEmpty() ? QString() : name + QLatin1Char('-'), figureViewId(view),
             figureFormatSuffix(format));
}

FigureOptions ExportFigureDialog::options() const
{
    FigureOptions options;
    options.view = currentView();
    options.format = currentFormat();
    options.size = QSize(m_widthSpin->value(), m_heightSpin->value());
    options.dpi = m_dpiSpin->value();
    options.transparent = m_transparentCheck->isEnabled() && m_transparentCheck->isChecked();
    const int theme = m_themeCombo->currentData().toInt();
    if (m_themeCombo->isEnabled() && theme != kScreenTheme)
        options.theme = static_cast<Theme::Kind>(theme);
    options.showSelection = m_selectionCheck->isEnabled() && m_selectionCheck->isChecked();
    if (m_captionCheck->isChecked())
        options.caption = m_captionEdit->text().trimmed();
    return options;
}

QString ExportFigureDialog::filePath() const
{
    QString path = QDir::fromNativeSeparators(m_pathEdit->text().trimmed());
    if (path.isEmpty())
        return path;
    // A name without one of the three suffixes gets the format's.
    if (!figureFormatFromPath(path))
        path += QLatin1Char('.') + figureFormatSuffix(currentFormat());
    return path;
}

void ExportFigureDialog::setView(FigureView view)
{
    m_viewCombo->setCurrentIndex(m_viewCombo->findData(static_cast<int>(view)));
}

void ExportFigureDialog::setFilePath(const QString &path)
{
    m_pathEdit->setText(QDir::toNativeSeparators(path));
    onPathEdited(m_pathEdit->text());
}

void ExportFigureDialog::setFigureSize(const QSize &size)
{
    m_widthSpin->setValue(size.width());
    m_heightSpin->setValue(size.height());
}

void ExportFigureDialog::setDpi(double dpi)
{
    int preset = kCustomPreset;
    for (int i = 0; i < kCustomPreset; ++i) {
        if (std::abs(kPresets[i].dpi - dpi) < 0.5)
            preset = i;
    }
    m_dpiSpin->setValue(dpi);
    m_resolutionCombo->setCurrentIndex(preset);
    onResolutionPresetChanged();
}

void ExportFigureDialog::setTransparent(bool transparent)
{
    m_transparentCheck->setChecked(transparent);
}

void ExportFigureDialog::setFigureTheme(std::optional<Theme::Kind> theme)
{
    m_themeCombo->setCurrentIndex(m_themeCombo->findData(theme ? static_cast<int>(*theme) : kScreenTheme));
}

void ExportFigureDialog::setShowSelection(bool show)
{
    m_selectionCheck->setChecked(show);
}

void ExportFigureDialog::setCaption(const QString &text)
{
    m_captionCheck->setChecked(!text.isEmpty());
    if (!text.isEmpty())
        m_captionEdit->setText(text);
}

void ExportFigureDialog::browse()
{
    QStringList filters;
    for (FigureFormat format : allFigureFormats())
        filters.append(figureFormatFilter(format));
    QString selectedFilter = figureFormatFilter(currentFormat());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Figure"), filePath(),
                                                      filters.join(QStringLiteral(";;")), &selectedFilter);
    if (path.isEmpty())
        return;
    QString chosen = path;
    if (!figureFormatFromPath(chosen)) {
        // The filter the user picked decides the suffix of a bare name.
        for (FigureFormat format : allFigureFormats()) {
            if (selectedFilter == figureFormatFilter(format))
                chosen += QLatin1Char('.') + figureFormatSuffix(format);
        }
    }
    setFilePath(chosen);
    m_confirmedPath = filePath();  // the file dialog has asked about replacing it
}

void ExportFigureDialog::onViewChanged()
{
    const FigureView view = currentView();
    // A file name the dialog made up follows the view; one the user typed stays.
    const QString path = QDir::fromNativeSeparators(m_pathEdit->text());
    const QFileInfo info(path);
    if (info.fileName() == autoFileName(m_lastView, currentFormat()))
        m_pathEdit->setText(QDir::toNativeSeparators(info.dir().filePath(autoFileName(view, currentFormat()))));
    m_lastView = view;
    m_offeredSize = offeredSize();
    setFigureSize(m_offeredSize);
    // The whole window is drawn as it is, on its own background and in its own theme.
    m_transparentCheck->setEnabled(view != FigureView::Window);
    m_themeCombo->setEnabled(view != FigureView::Window);
    // Only the heatmap outlines the selected query's row; the other views show that query.
    m_selectionCheck->setEnabled(view == FigureView::Heatmap || view == FigureView::Window);
    updateSummary();
}

QSize ExportFigureDialog::offeredSize() const
{
    FigureOptions o = options();
    o.size = QSize();
    return m_exporter->defaultSize(o);
}

void ExportFigureDialog::offerSize()
{
    // Only a size the dialog offered follows the caption; one the user chose stays.
    if (QSize(m_widthSpin->value(), m_heightSpin->value()) != m_offeredSize)
        return;
    m_offeredSize = offeredSize();
    setFigureSize(m_offeredSize);
}

void ExportFigureDialog::onFormatChanged()
{
    const QString path = QDir::fromNativeSeparators(m_pathEdit->text().trimmed());
    if (!path.isEmpty()) {
        const QFileInfo info(path);
        const QString suffix = figureFormatSuffix(currentFormat());
        QString replaced = figureFormatFromPath(path)
            ? path.left(path.size() - info.suffix().size()) + suffix
            : path + QLatin1Char('.') + suffix;
        m_pathEdit->setText(QDir::toNativeSeparators(replaced));
    }
    updateSummary();
}

void ExportFigureDialog::onPathEdited(const QString &text)
{
    // The suffix typed chooses the format.
    if (const auto format = figureFormatFromPath(QDir::fromNativeSeparators(text.trimmed()))) {
        const QSignalBlocker blocker(m_formatCombo);
        m_formatCombo->setCurrentIndex(m_formatCombo->findData(static_cast<int>(*format)));
    }
    updateSummary();
}

void ExportFigureDialog::onResolutionPresetChanged()
{
    const double dpi = m_resolutionCombo->currentData().toDouble();
    const bool custom = m_resolutionCombo->currentIndex() == kCustomPreset;
    if (!custom)
        m_dpiSpin->setValue(dpi);
    m_dpiSpin->setEnabled(custom && currentFormat() == FigureFormat::Png);
    updateSummary();
}

void ExportFigureDialog::updateSummary()
{
    const bool png = currentFormat() == FigureFormat::Png;
    m_resolutionCombo->setEnabled(png);
    m_dpiSpin->setEnabled(png && m_resolutionCombo->currentIndex() == kCustomPreset);
    const FigureOptions o = options();
    QString text;
    if (png) {
        const QSize pixels = o.pixelSize(o.size);
        text = tr("An image of %1 × %2 pixels.").arg(pixels.width()).arg(pixels.height());
    } else {
        text = tr("A vector drawing of %1 × %2 pixels that stays sharp at any zoom.")
                   .arg(o.size.width())
                   .arg(o.size.height());
    }
    const auto problem = m_exporter->validate(o);
    if (problem)
        text = *problem;
    m_summaryLabel->setText(text);
    m_exportButton->setEnabled(!problem && !m_pathEdit->text().trimmed().isEmpty());
}

void ExportFigureDialog::accept()
{
    const QString path = filePath();
    if (path.isEmpty())
        return;
    if (const auto problem = m_exporter->validate(options())) {
        QMessageBox::warning(this, tr("Figure not exported"), *problem);
        return;
    }
    const QFileInfo info(path);
    if (!info.absoluteDir().exists()) {
        QMessageBox::warning(this, tr("Figure not exported"),
                             tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(info.absolutePath())));
        return;
    }
    if (info.exists() && path != m_confirmedPath) {
        const auto answer = QMessageBox::question(
            this, tr("Replace File?"),
            tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path)),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return;
    }
    m_pathEdit->setText(QDir::toNativeSeparators(path));
    saveSettings();
    QDialog::accept();
}

void ExportFigureDialog::restoreSettings()
{
    QSettings settings;
    const QString suffix = settings.value(QLatin1String(kSettingsFormat), QStringLiteral("png")).toString();
    if (const auto format = figureFormatFromPath(QStringLiteral("figure.") + suffix)) {
        const QSignalBlocker blocker(m_formatCombo);
        m_formatCombo->setCurrentIndex(m_formatCombo->findData(static_cast<int>(*format)));
    }
    setDpi(std::clamp(settings.value(QLatin1String(kSettingsDpi), FigureOptions::kReferenceDpi).toDouble(),
                      FigureOptions::kMinimumDpi, FigureOptions::kMaximumDpi));
    m_transparentCheck->setChecked(settings.value(QLatin1String(kSettingsTransparent), false).toBool());
    setFigureTheme(Theme::fromId(settings.value(QLatin1String(kSettingsTheme)).toString()));
    m_selectionCheck->setChecked(settings.value(QLatin1String(kSettingsSelection), false).toBool());
    m_captionCheck->setChecked(settings.value(QLatin1String(kSettingsCaption), false).toBool());
}

void ExportFigureDialog::saveSettings() const
{
    QSettings settings;
    settings.setValue(QLatin1String(kSettingsFormat), figureFormatSuffix(currentFormat()));
    settings.setValue(QLatin1String(kSettingsDpi), m_dpiSpin->value());
    settings.setValue(QLatin1String(kSettingsTransparent), m_transparentCheck->isChecked());
    const int theme = m_themeCombo->currentData().toInt();
    settings.setValue(QLatin1String(kSettingsTheme),
                      theme == kScreenTheme ? QStringLiteral("screen") : Theme::id(static_cast<Theme::Kind>(theme)));
    settings.setValue(QLatin1String(kSettingsSelection), m_selectionCheck->isChecked());
    settings.setValue(QLatin1String(kSettingsCaption), m_captionCheck->isChecked());
    settings.setValue(QLatin1String(kSettingsFolder), QFileInfo(filePath()).absolutePath());
}

} // namespace attnlens
