# The Debian package: `cpack -G DEB` in a portable build. scripts/build.sh's build/ is one, with
# Debian's hardening flags; the package test in ctest and scripts/package.sh pack it as it is.
# A native build (ATTNLENS_NATIVE_ARCH=ON) cannot be packaged: its install step refuses.

# What /usr/share/doc/attention-lens holds: the machine-readable copyright, the Debian
# changelog (gzip -9n: no name or time stamp, as lintian wants), the README and the manual in
# docs/ (its pictures included).
set(debian_doc_dir ${PROJECT_SOURCE_DIR}/resources/desktop/debian)
set(changelog_gz ${PROJECT_BINARY_DIR}/packaging/changelog.gz)
find_program(ATTNLENS_GZIP gzip REQUIRED)
add_custom_command(OUTPUT ${changelog_gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/packaging
    COMMAND ${ATTNLENS_GZIP} -9n -c ${debian_doc_dir}/changelog > ${changelog_gz}
    DEPENDS ${debian_doc_dir}/changelog
    VERBATIM)
add_custom_target(attnlens_changelog ALL DEPENDS ${changelog_gz})
# The package's name, not the project's (CMAKE_INSTALL_DOCDIR would say AttentionLens).
install(FILES ${debian_doc_dir}/copyright ${changelog_gz} ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/attention-lens)
file(GLOB manual_pages ${PROJECT_SOURCE_DIR}/docs/*.md ${PROJECT_SOURCE_DIR}/docs/*.png ${PROJECT_SOURCE_DIR}/docs/*.gif)
install(FILES ${manual_pages} DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/attention-lens/docs)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME attention-lens)
set(CPACK_PACKAGE_VENDOR "The Attention Lens authors")
set(CPACK_PACKAGE_CONTACT "Attention Lens authors <attention-lens@users.noreply.github.com>")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop lab for scaled dot-product attention")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
# Only what the install rules name: the tests and benchmarks are not installed.
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # attention-lens_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${ATTNLENS_HOMEPAGE})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Beyond the libraries dpkg-shlibdeps finds: the platform plugins Qt loads at run time, and the
# CJK font for the Traditional Chinese interface.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk, qt6-translations-l10n, fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# The extended description: CPack puts the summary above it, indents every line by one space
# and writes an empty line as " .".
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Attention Lens shows scaled dot-product attention live, for lecturers who
project it and students who drag it: queries and keys in a plane, the weights
as a heatmap (rows are receiving queries, columns source keys), the context as
a stacked chart and the worked numbers as by hand. Temperature and masks
(causal, padding) change live; masked weights are exactly zero.

It follows a course lesson step by step, opens scenarios with several heads
or attention captured from a model with NumPy, and saves figures as PNG, SVG
and PDF, in English or Traditional Chinese.")
include(CPack)
