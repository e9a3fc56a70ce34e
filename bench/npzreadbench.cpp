// How long opening a NumPy capture takes: readNumpyScenario() on FILE (every array read, checked
// and converted to the doubles the engine computes with), REPEAT times in this process after
// one unmeasured read; prints the median and the fastest in milliseconds.
// Usage: attnlens_npzreadbench FILE [REPEAT]
// bench/realsize.py runs it next to NumPy's np.load of the same file.
#include "numpyscenario.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <vector>

using namespace attnlens;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() < 2) {
        QTextStream(stderr) << "usage: attnlens_npzreadbench FILE [REPEAT]\n";
        return 64;
    }
    const QString path = arguments.at(1);
    const int repeat = arguments.size() > 2 ? std::max(1, arguments.at(2).toInt()) : 11;
    const Result<NumpyScenario> first = readNumpyScenario(path);
    if (!first) {
        QTextStream(stderr) << first.error().describe() << "\n";
        return 2;
    }
    std::vector<double> times;
    for (int i = 0; i < repeat; ++i) {
        QElapsedTimer clock;
        clock.start();
        const Result<NumpyScenario> read = readNumpyScenario(path);
        times.push_back(double(clock.nsecsElapsed()) / 1e6);
        if (!read)
            return 2;
    }
    std::sort(times.begin(), times.end());
    const Scenario &s = first.value().scenario;
    QTextStream(stdout) << "npz read: median " << times[times.size() / 2] << " ms, fastest " << times.front()
                        << " ms (" << s.headCount() << " heads x " << s.queryCount() << " tokens x d_k "
                        << s.keyDimension() << ")\n";
    return 0;
}
