# ctest entries for the test files of one Catch2 executable (tests/CMakeLists.txt).
#
# Each test file is an entry of its own, selected by the tag Catch2 gives it
# with --filenames-as-tags ([#aba_test]), so that `ctest -j` runs the files of
# one executable side by side. The test cases of a file are read here, at
# configure time, and sorted into up to four kinds of entries:
#   folder/file              its ordinary test cases
#   folder/file:slow         its [.slow] test cases (label "slow")
#   folder/file:N            its test cases that need N, one of LSD_TEST_NEEDS
#   folder/file:N:slow       (labels N, and slow)
# A test case that needs what this machine lacks (tests/support/skip.hpp)
# prints "lsd test skipped:", and ctest reports its entry as skipped, not
# passed. Every entry fails when it matches no test case (-w NoTests), and
# every entry has a timeout, so that a hang fails instead of stalling the run.

# What a test case may need and a machine may lack, each a tag: [blender]
# (Blender on the PATH), [strace] (strace allowed to trace), [avx2] (the
# processor), [slurm] (Slurm's daemons and commands).
set(LSD_TEST_NEEDS blender strace avx2 slurm)
set(LSD_TEST_TIMEOUT 900 CACHE STRING "seconds after which a test entry fails as hung ([.slow] entries: three times as long)")

# The kinds of test case in file `src`, into `out`: "plain", "slow", "N", "N:slow".
function(lsd_test_kinds src out)
  # read again when the file changes (a new [.slow] or [blender] test case needs its entry)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
  file(READ ${src} text)
  # no list separators, and no brackets (which hide them in a list), in what
  # follows: tags are read as <tag>
  string(REPLACE ";" "," text "${text}")
  string(REPLACE "[" "<" text "${text}")
  string(REPLACE "]" ">" text "${text}")
  set(ws "[ \t\r\n]*")
  set(literal "\"([^\"\\\\]|\\\\.)*\"")  # a C++ string literal
  string(REGEX MATCHALL "TEST_CASE\\(" calls "${text}")
  # the name (literals, concatenated), then the tags (one literal)
  string(REGEX MATCHALL "TEST_CASE\\(${ws}(${literal}${ws})+(,${ws}\"[^\"]*\"${ws})?\\)" cases "${text}")
  list(LENGTH calls n_calls)
  list(LENGTH cases n_cases)
  if(NOT n_calls EQUAL n_cases)
    message(FATAL_ERROR "${src}: ${n_calls} TEST_CASE( but ${n_cases} read as TEST_CASE(\"name\" \"...\", \"[tags]\")")
  endif()
  set(kinds "")
  foreach(case IN LISTS cases)
    set(tags "")
    if(case MATCHES ",${ws}\"([^\"]*)\"${ws}\\)$")
      set(tags "${CMAKE_MATCH_1}")
    endif()
    set(kind plain)
    foreach(need IN LISTS LSD_TEST_NEEDS)
      string(FIND "${tags}" "<${need}>" at)
      if(at GREATER -1)
        if(NOT kind STREQUAL "plain")
          message(FATAL_ERROR "${src}: a test case with two needs (${tags}): one each")
        endif()
        set(kind ${need})
      endif()
    endforeach()
    string(FIND "${tags}" "<." hidden)
    if(hidden GREATER -1)
      string(FIND "${tags}" "<.slow>" slow)
      if(slow EQUAL -1)
        message(FATAL_ERROR "${src}: a hidden test case not tagged [.slow] (${tags}): no entry would run it")
      endif()
      if(kind STREQUAL "plain")
        set(kind slow)
      else()
        string(APPEND kind ":slow")
      endif()
    endif()
    list(APPEND kinds ${kind})
  endforeach()
  list(REMOVE_DUPLICATES kinds)
  set(${out} "${kinds}" PARENT_SCOPE)
endfunction()

# The Catch2 test spec of one kind of entry of the file whose tag is `file_tag`:
# its need (or none of them), and hidden ([.], that is [.slow]) or not.
function(lsd_test_spec file_tag kind out)
  set(spec "[${file_tag}]")
  string(REGEX REPLACE ":?slow$" "" need "${kind}")
  if(need STREQUAL "plain" OR need STREQUAL "")
    foreach(n IN LISTS LSD_TEST_NEEDS)
      string(APPEND spec "~[${n}]")
    endforeach()
  else()
    string(APPEND spec "[${need}]")
  endif()
  if(kind MATCHES "slow$")
    string(APPEND spec "[.]")
  else()
    string(APPEND spec "~[.]")
  endif()
  set(${out} "${spec}" PARENT_SCOPE)
endfunction()

# The entries of the test files `srcs` (tests/<folder>/...) of executable `exe`.
function(lsd_add_test_files folder exe)
  set(seen "")
  foreach(src IN LISTS ARGN)
    get_filename_component(stem ${src} NAME_WE)  # aba_test
    if(stem IN_LIST seen)
      message(FATAL_ERROR "tests/${folder}: two files named ${stem}.cpp (Catch2's file tags would mix them)")
    endif()
    list(APPEND seen ${stem})
    file(RELATIVE_PATH rel ${CMAKE_CURRENT_SOURCE_DIR}/${folder} ${src})
    string(REGEX REPLACE "_test\\.cpp$" "" rel ${rel})  # cpfg/dialect
    lsd_test_kinds(${src} kinds)
    foreach(kind IN LISTS kinds)
      lsd_test_spec("#${stem}" "${kind}" spec)
      set(name ${folder}/${rel})
      if(NOT kind STREQUAL "plain")
        string(APPEND name ":${kind}")
      endif()
      add_test(NAME ${name} COMMAND ${exe} --filenames-as-tags --warn NoTests "${spec}")
      set(labels ${folder})
      set(timeout ${LSD_TEST_TIMEOUT})
      if(kind MATCHES "slow$")
        list(APPEND labels slow)
        math(EXPR timeout "3 * ${LSD_TEST_TIMEOUT}")
      endif()
      string(REGEX REPLACE ":?slow$" "" need "${kind}")
      if(need IN_LIST LSD_TEST_NEEDS)
        list(APPEND labels ${need})
        set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "lsd test skipped: ")
      endif()
      set_tests_properties(${name} PROPERTIES LABELS "${labels}" TIMEOUT ${timeout})
    endforeach()
  endforeach()
endfunction()
