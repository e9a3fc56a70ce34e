# cmake -DATTNLENS=path/to/attnlens -DMANPAGE=path/to/attnlens.1 -P checkmanpage.cmake
# The man page and `attnlens --help` name the same options: every option --help lists is
# documented under OPTIONS in the man page, and every option documented there exists.
# EXTRA_HELP_OPTION / EXTRA_MAN_OPTION pretend one side gained an option (the checker's own
# test: it must then fail and name it).
cmake_minimum_required(VERSION 3.21)
execute_process(COMMAND ${ATTNLENS} --help RESULT_VARIABLE result OUTPUT_VARIABLE help
                ERROR_VARIABLE help_errors)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "${ATTNLENS} --help failed (${result}): ${help_errors}")
endif()

# --help: QCommandLineParser writes each option as "  -h, --help   Description", continuation
# lines of the description indented further. Only the option column is read.
set(help_options)
string(REPLACE "\n" ";" help_lines "${help}")
foreach(line IN LISTS help_lines)
    if(line MATCHES "^  (-[^ ].*)$")
        set(column "${CMAKE_MATCH_1}")
        string(REGEX REPLACE "  .*$" "" column "${column}")
        string(REGEX MATCHALL "--?[a-z][-a-z0-9]*" names "${column}")
        list(APPEND help_options ${names})
    endif()
endforeach()

# The man page: the first line after each .TP in the OPTIONS section names the option.
file(STRINGS ${MANPAGE} man_lines)
set(man_options)
set(in_options FALSE)
set(after_tp FALSE)
foreach(line IN LISTS man_lines)
    if(line MATCHES "^\\.SH ")
        set(in_options FALSE)
        if(line MATCHES "^\\.SH \"?OPTIONS")
            set(in_options TRUE)
        endif()
    elseif(in_options AND line MATCHES "^\\.TP")
        set(after_tp TRUE)
    elseif(after_tp)
        set(after_tp FALSE)
        string(REPLACE "\\-" "-" line "${line}")
        string(REGEX MATCHALL "--?[a-z][-a-z0-9]*" names "${line}")
        list(APPEND man_options ${names})
    endif()
endforeach()

if(EXTRA_HELP_OPTION)
    list(APPEND help_options ${EXTRA_HELP_OPTION})
endif()
if(EXTRA_MAN_OPTION)
    list(APPEND man_options ${EXTRA_MAN_OPTION})
endif()
list(REMOVE_DUPLICATES help_options)
list(REMOVE_DUPLICATES man_options)
list(LENGTH help_options help_count)
if(help_count LESS 10)
    message(FATAL_ERROR "only ${help_count} options read from --help (${help_options}): has its layout changed?\n${help}")
endif()

set(missing_in_man)
foreach(option IN LISTS help_options)
    if(NOT option IN_LIST man_options)
        list(APPEND missing_in_man ${option})
    endif()
endforeach()
set(missing_in_help)
foreach(option IN LISTS man_options)
    if(NOT option IN_LIST help_options)
        list(APPEND missing_in_help ${option})
    endif()
endforeach()
if(missing_in_man OR missing_in_help)
    message(FATAL_ERROR "the man page and --help disagree.\n"
                        "  in --help, not in the man page: ${missing_in_man}\n"
                        "  in the man page, not in --help: ${missing_in_help}")
endif()
list(JOIN help_options " " listed)
message(STATUS "the man page documents exactly the options of --help: ${listed}")
