; Definitions
(class_definition name: (identifier) @name) @definition.class

(function_definition name: (identifier) @name) @definition.function

; Module- and class-level assignments: `X = ...`, `x: int = ...`
(module (expression_statement (assignment left: (identifier) @name) @definition.variable))
; ... and under a module-level `if`/`try` (`if TYPE_CHECKING:`, `try: ... except ImportError:`)
(module (if_statement
  consequence: (block (expression_statement (assignment left: (identifier) @name) @definition.variable))))
(module (if_statement alternative: [(elif_clause consequence: (block (expression_statement
  (assignment left: (identifier) @name) @definition.variable))) (else_clause body: (block
  (expression_statement (assignment left: (identifier) @name) @definition.variable)))]))
(module (try_statement
  body: (block (expression_statement (assignment left: (identifier) @name) @definition.variable))))
(module (try_statement [(except_clause (block (expression_statement
  (assignment left: (identifier) @name) @definition.variable))) (else_clause body: (block
  (expression_statement (assignment left: (identifier) @name) @definition.variable)))]))
(class_definition
  body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))

; Base classes
(class_definition
  superclasses: (argument_list
    [(identifier) @name
     (attribute attribute: (identifier) @name)])) @reference.extends

; Calls
(call function: [(identifier) @name (attribute attribute: (identifier) @name)]) @reference.call

; Imports
(import_statement
  name: [(dotted_name (identifier) @name .) (aliased_import alias: (identifier) @name)]) @reference.import
(import_from_statement
  name: [(dotted_name (identifier) @name .) (aliased_import alias: (identifier) @name)]) @reference.import
