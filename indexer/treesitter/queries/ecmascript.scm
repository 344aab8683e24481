; JavaScript and TypeScript alike, loaded after javascript.scm or typescript.scm (before tsx.scm).

; ---- Members of object literals outside functions (`export const def = { code() {} }`,
; `{ run: function () {} }`, `{ nested: { ... } }`), as tsgo's outline nests them: a function
; declared in such a method is the method's (a local object's members are no symbols: extract._local)
(object (method_definition "get" name: (property_identifier) @name) @definition.property) @literal
(object (method_definition "set" name: (property_identifier) @name) @definition.property) @literal
(object (method_definition name: (property_identifier) @name) @definition.method) @literal
; a property holding a function or an object is a property, as tsgo lists it (a quoted key too:
; `'--bg': { value: {...} }`, its members nested under it)
(object
  (pair
    key: [(property_identifier) (string)] @name
    value: [(arrow_function) (function_expression) (generator_function) (object)]) @definition.property) @literal

; `export default function () {}`: named `default`, as tsgo names it (the calls in it are its:
; its incoming calls credit them to `default`, not to the module)
(export_statement
  "default" @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
; `export default { isArray, forEach }` (axios's utils.js): the object exported is the module's
; `default`, which its importers bind (`import utils from './utils.js'`: tsgo's references there
; are every importer's binding and read). tsgo's outline lists no `default` and the object's keys
; at the top: the symbol is the keyword alone, holding none of them
(export_statement "default" @name @definition.constant value: (object))

; `tools.run = function () {}`: a function of `tools` where the file defines `tools` (extract._owned)
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @owner property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)]) @definition.function
  (#not-any-of? @owner "exports" "module"))
