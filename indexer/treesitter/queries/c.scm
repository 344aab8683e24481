; Macros
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; Functions: definitions and prototypes, returning values or pointers
(function_definition
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
               (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))]) @definition.function
(declaration
  declarator: [(function_declarator declarator: (identifier) @name)
               (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
               (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))]) @definition.function

; Named structs, unions and enums with a body; typedefs
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(enumerator name: (identifier) @name) @definition.enumMember
(type_definition
  declarator: [(type_identifier) @name
               (pointer_declarator declarator: (type_identifier) @name)
               (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))]) @definition.type

; Struct and union members
(field_declaration
  declarator: [(field_identifier) @name
               (pointer_declarator declarator: (field_identifier) @name)
               (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name))
               (array_declarator declarator: (field_identifier) @name)
               (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))]) @definition.field

; Global variables (file level, also inside #if blocks)
(translation_unit
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_ifdef
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_if
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_else
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_elif
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)

; Calls: plain and through a struct member (`obj.m()`, `p->m()`)
(call_expression function: [(identifier) @name (field_expression field: (field_identifier) @name)]) @reference.call
; `MACRO f (x);` or `MACRO if (x) {...}` in a block (Py_BEGIN_ALLOW_THREADS): tree-sitter reads a
; function defined there; ``Rules.local_blocks`` drops it and a name that is no keyword is a call
(compound_statement
  (function_definition
    declarator: (function_declarator declarator: (identifier) @name)) @reference.call
  (#not-match? @name "^(if|for|while|switch|return|sizeof)$"))
