# cmake -DROOT=<the project> -DOUT=<the site> -P web/examples.cmake: copies
# the examples the page's menu offers (the ABOP figures, the dynamics
# examples, the cpfg models) into OUT/examples and lists them in
# OUT/examples.json: for each, its name, the file shown in the editor, the
# path the module opens, and every file it needs.
file(REMOVE_RECURSE ${OUT}/examples)
set(entries "")
function(add_entry group name edit open files)
  set(quoted "")
  foreach(f ${files})
    list(APPEND quoted "\"${f}\"")
  endforeach()
  list(JOIN quoted ", " joined)
  set(entries "${entries}  {\"group\": \"${group}\", \"name\": \"${name}\", \"edit\": \"${edit}\", \"open\": \"${open}\", \"files\": [${joined}]},\n"
      PARENT_SCOPE)
endfunction()

foreach(group abop dynamics)
  file(GLOB files RELATIVE ${ROOT}/examples ${ROOT}/examples/${group}/*.ls)
  list(SORT files)
  foreach(f ${files})
    get_filename_component(name ${f} NAME)
    add_entry(${group} ${name} ${f} ${f} ${f})
  endforeach()
endforeach()

# cpfg: object folders (their specifications name the .l file) and single .l files.
file(GLOB items RELATIVE ${ROOT}/examples ${ROOT}/examples/cpfg/*)
list(SORT items)
foreach(item ${items})
  get_filename_component(name ${item} NAME)
  if(IS_DIRECTORY ${ROOT}/examples/${item})
    file(GLOB files RELATIVE ${ROOT}/examples ${ROOT}/examples/${item}/*)
    list(FILTER files EXCLUDE REGEX "\\.py$")  # scripts that made the images, not part of the model
    file(GLOB l_files RELATIVE ${ROOT}/examples ${ROOT}/examples/${item}/*.l)
    list(GET l_files 0 edit)
    add_entry(cpfg ${name} ${edit} ${item} "${files}")
  elseif(item MATCHES "\\.l$")
    add_entry(cpfg ${name} ${item} ${item} ${item})
  endif()
endforeach()

foreach(group abop dynamics cpfg)
  file(COPY ${ROOT}/examples/${group} DESTINATION ${OUT}/examples PATTERN "*.py" EXCLUDE)
endforeach()
string(REGEX REPLACE ",\n$" "\n" entries "${entries}")
file(WRITE ${OUT}/examples.json "[\n${entries}]\n")
