// The headers nearly every core test file parses, precompiled once for tests/core (see
// attnlens_add_test's PCH in tests/CMakeLists.txt). Only system, Qt, Eigen and GoogleTest headers:
// the project's own headers stay out, so that an include a file forgot still fails to compile.
#pragma once

#include <Eigen/Core>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <random>
#include <vector>
