; Definitions
(class_definition name: (identifier) @name) @definition.class

(function_definition name: (identifier) @name) @definition.function

; Module- and class-level assignments: `X = ...`, `x: int = ...`
(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
; ... and in the blocks of module-level statements, two deep: `if`/`elif`/`else`, `try`/`except`/
; `else`/`finally`, `for`/`while`/`else`, `with` (`if TYPE_CHECKING:`, `try: ... except ImportError:`,
; a `try` in an `if`). A `@holder` that is a def or a class makes it no module-level name
; (extract._module_level).
(module (_
  [(block (expression_statement (assignment left: (identifier) @name) @definition.variable))
   (_ (block (expression_statement (assignment left: (identifier) @name) @definition.variable))) @holder]) @holder)
(module (_
  [(block (_
     [(block (expression_statement (assignment left: (identifier) @name) @definition.variable))
      (_ (block (expression_statement (assignment left: (identifier) @name) @definition.variable))) @holder]) @holder)
   (_ (block (_
     [(block (expression_statement (assignment left: (identifier) @name) @definition.variable))
      (_ (block (expression_statement (assignment left: (identifier) @name) @definition.variable))) @holder]) @holder)) @holder]) @holder)
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))
; ... and each further target of a chained assignment there (`__version__ = version = "1.0"`),
; defined by the same statement
(module (expression_statement
  (assignment right: (assignment left: (identifier) @name)) @definition.variable))
(module (expression_statement
  (assignment right: (assignment right: (assignment left: (identifier) @name))) @definition.variable))
(class_definition body: (block (expression_statement
  (assignment right: (assignment left: (identifier) @name)) @definition.field)))

; Base classes, generic ones too (`class AsyncParser(core.Parser[core.Request])`)
(class_definition
  superclasses: (argument_list
    [(identifier) @name
     (attribute attribute: (identifier) @name)
     (subscript value: [(identifier) @name (attribute attribute: (identifier) @name)])])) @reference.extends

; Calls, and decorators without arguments, called with what they decorate (`@frozen`)
(call function: [(identifier) @name (attribute attribute: (identifier) @name)]) @reference.call
(decorator [(identifier) @name (attribute attribute: (identifier) @name)]) @reference.call

; Imports
(import_statement
  name: [(dotted_name (identifier) @name .) (aliased_import alias: (identifier) @name)]) @reference.import
(import_from_statement
  name: [(dotted_name (identifier) @name .) (aliased_import alias: (identifier) @name)]) @reference.import
