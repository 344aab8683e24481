; JavaScript (.js .jsx .mjs .cjs): ES modules, CommonJS and JSX.
; Earlier patterns win when two capture the same node.

; ---- Classes
(class_declaration name: (identifier) @name) @definition.class
(variable_declarator name: (identifier) @name value: (class)) @definition.class
; `module.exports = class Application extends Emitter {}` (koa): a named class expression assigned
(assignment_expression right: (class name: (identifier) @name) @definition.class)

; ---- Functions (anywhere: nested helpers are functions too)
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(variable_declarator
  name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.function

; CommonJS: `exports.f = function () {}`, `module.exports.f = () => {}`
(program
  (expression_statement
    (assignment_expression
      left: (member_expression
        object: [(identifier) @_exports
                 (member_expression object: (identifier) @_module property: (property_identifier) @_exports)]
        property: (property_identifier) @name)
      right: [(arrow_function) (function_expression) (generator_function)]) @definition.function)
  (#eq? @_exports "exports"))
; `module.exports = { f: () => {}, g() {} }`
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object
    [(pair
       key: (property_identifier) @name
       value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
     (method_definition name: (property_identifier) @name) @definition.function])
  (#eq? @_module "module")
  (#eq? @_exports "exports"))
; `module.exports = { parse: parse }` (qs's lib/index.js): a key naming a value is a property of
; the module's export object, which the requirers read (`qs.parse`); tsgo's outline lists none (a
; shorthand `{ f }` stays the name of `f`: `query.shorthand`)
(assignment_expression
  left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
  right: (object
    (pair key: (property_identifier) @name value: (identifier)) @definition.property) @literal
  (#eq? @_module "module")
  (#eq? @_exports "exports"))

; Pre-class JavaScript: `F.prototype.m = function () {}` and `F.prototype = { m() {} }` define
; methods of `F` (its constructor function in this file, else a type of that name)
(assignment_expression
  left: (member_expression
    object: (member_expression object: (identifier) @receiver property: (property_identifier) @_proto)
    property: (property_identifier) @name)
  right: [(arrow_function) (function_expression) (generator_function)]
  (#eq? @_proto "prototype")) @definition.method
(assignment_expression
  left: (member_expression object: (identifier) @receiver property: (property_identifier) @_proto)
  right: (object
    [(pair
       key: (property_identifier) @name
       value: [(arrow_function) (function_expression) (generator_function)]) @definition.method
     (method_definition name: (property_identifier) @name) @definition.method])
  (#eq? @_proto "prototype"))
; Babel's loose-mode classes: `var _proto = F.prototype; _proto.m = function m() {}`; the
; `@alias` is resolved to `F` where a statement before in the same block declares it so, else
; the match is dropped
(expression_statement
  (assignment_expression
    left: (member_expression object: (identifier) @alias property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)]) @definition.method)

; ---- Class members
(class_body (method_definition "get" name: (_) @name) @definition.property)
(class_body (method_definition "set" name: (_) @name) @definition.property)
(class_body (method_definition name: (_) @name) @definition.method)
(class_body
  (field_definition
    property: (_) @name
    value: [(arrow_function) (function_expression)]) @definition.method)
(class_body (field_definition property: (_) @name) @definition.field)

; ---- Module-level variables and constants; `const x = require("y")` (or `.y` of it) is an import
; instead; `const debug = require("debug")("app")` holds what a call returns: a variable
(program
  (lexical_declaration "const" (variable_declarator name: (identifier) @name value: (_)? @_value) @definition.constant)
  (#not-match? @_value "^require[(][^()]*[)]([.][A-Za-z0-9_$]+)?$"))
(program
  (export_statement
    (lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)))
(program
  (lexical_declaration (variable_declarator name: (identifier) @name value: (_)? @_value) @definition.variable)
  (#not-match? @_value "^require[(][^()]*[)]([.][A-Za-z0-9_$]+)?$"))
(program
  (export_statement
    (lexical_declaration (variable_declarator name: (identifier) @name) @definition.variable)))
(program
  (variable_declaration (variable_declarator name: (identifier) @name value: (_)? @_value) @definition.variable)
  (#not-match? @_value "^require[(][^()]*[)]([.][A-Za-z0-9_$]+)?$"))
(program
  (export_statement
    (variable_declaration (variable_declarator name: (identifier) @name) @definition.variable)))

; ---- Base class
(class_heritage
  [(identifier) @name (member_expression property: (property_identifier) @name)]) @reference.extends

; ---- Calls: `f()`, `obj.m()`, `this.#m()`, `new X()`, `<Component />`
(call_expression
  function: [(identifier) @name
             (member_expression property: [(property_identifier) (private_property_identifier)] @name)]) @reference.call
(new_expression
  constructor: [(identifier) @name (member_expression property: (property_identifier) @name)]) @reference.call
(jsx_opening_element
  name: [(identifier) @name (member_expression property: (property_identifier) @name)]
  (#match? @name "^[A-Z]")) @reference.call
(jsx_self_closing_element
  name: [(identifier) @name (member_expression property: (property_identifier) @name)]
  (#match? @name "^[A-Z]")) @reference.call

; ---- Imports: ES modules, `require`, re-exports from other modules
(import_clause (identifier) @name) @reference.import
(import_specifier name: (identifier) @name) @reference.import
(import_specifier alias: (identifier) @name) @reference.import
(namespace_import (identifier) @name) @reference.import
(export_statement
  (export_clause (export_specifier name: (identifier) @name))
  source: (string)) @reference.import
(variable_declarator
  name: [(identifier) @name
         (object_pattern
           [(shorthand_property_identifier_pattern) @name
            (pair_pattern value: (identifier) @name)])]
  value: (call_expression function: (identifier) @_require)
  (#eq? @_require "require")) @reference.import
