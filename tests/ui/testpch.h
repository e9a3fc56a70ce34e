// The headers nearly every widget test file parses, precompiled once for tests/ui and shared by
// its executables (see attnlens_add_test's PCH and PCH_FROM in tests/CMakeLists.txt). Only system,
// Qt, Eigen and GoogleTest headers: the project's own headers stay out, so that an include a file
// forgot still fails to compile.
#pragma once

#include <Eigen/Core>

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMainWindow>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <vector>
