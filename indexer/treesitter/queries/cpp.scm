; Macros
(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

; Namespaces (`namespace a::b {}` keeps its qualified name)
(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.namespace

; Types with a body; enum members; aliases
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
; A specialization of a class template (`template <> struct S<int> {...}`), named as clangd does
(class_specifier name: (template_type) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (template_type) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.union
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(enumerator name: (identifier) @name) @definition.enumMember
(alias_declaration name: (type_identifier) @name) @definition.type
(type_definition
  declarator: [(type_identifier) @name
               (pointer_declarator declarator: (type_identifier) @name)
               (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))]) @definition.type

; Functions and inline methods (a function inside a class body becomes a method)
(function_definition
  declarator: [(function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
               (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))
               (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (operator_name)] @name))]) @definition.function

; Out-of-line methods `R Type::name() {}` (also `ns::Type::name`, `Type<T>::name`) belong to Type
(function_definition
  declarator: [(function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
                 name: [(identifier) (destructor_name) (operator_name)] @name))
               (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
                 name: [(identifier) (operator_name)] @name)))
               (reference_declarator (function_declarator declarator: (qualified_identifier
                 scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
                 name: [(identifier) (operator_name)] @name)))]) @definition.function
(function_definition
  declarator: (function_declarator declarator: (qualified_identifier
    name: (qualified_identifier
      scope: [(namespace_identifier) @receiver (template_type name: (type_identifier) @receiver)]
      name: [(identifier) (destructor_name) (operator_name)] @name)))) @definition.function

; Prototypes: functions at file or namespace level (also templates), method declarations in a class body
(translation_unit
  (declaration
    declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                 (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
                 (reference_declarator (function_declarator declarator: (identifier) @name))]) @definition.function)
(declaration_list
  (declaration
    declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                 (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
                 (reference_declarator (function_declarator declarator: (identifier) @name))]) @definition.function)
(template_declaration
  (declaration
    declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                 (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
                 (reference_declarator (function_declarator declarator: (identifier) @name))]) @definition.function)
(preproc_ifdef
  (declaration
    declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                 (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
                 (reference_declarator (function_declarator declarator: (identifier) @name))]) @definition.function)
(preproc_if
  (declaration
    declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                 (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
                 (reference_declarator (function_declarator declarator: (identifier) @name))]) @definition.function)
(preproc_else
  (declaration
    declarator: [(function_declarator declarator: [(identifier) (operator_name)] @name)
                 (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
                 (reference_declarator (function_declarator declarator: (identifier) @name))]) @definition.function)
(field_declaration_list
  (declaration
    declarator: (function_declarator declarator: [(identifier) (destructor_name) (operator_name)] @name)) @definition.method)
(field_declaration
  declarator: [(function_declarator declarator: [(field_identifier) (operator_name)] @name)
               (pointer_declarator declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name))
               (reference_declarator (function_declarator declarator: [(field_identifier) (operator_name)] @name))]) @definition.method

; Data members
(field_declaration
  declarator: [(field_identifier) @name
               (pointer_declarator declarator: (field_identifier) @name)
               (reference_declarator (field_identifier) @name)
               (array_declarator declarator: (field_identifier) @name)]) @definition.field

; Variables at file or namespace level
(translation_unit
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (reference_declarator (identifier) @name)
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (reference_declarator (identifier) @name)
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(declaration_list
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (reference_declarator (identifier) @name)
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (reference_declarator (identifier) @name)
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_ifdef
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (reference_declarator (identifier) @name)
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (reference_declarator (identifier) @name)
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_if
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (reference_declarator (identifier) @name)
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (reference_declarator (identifier) @name)
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)
(preproc_else
  (declaration
    declarator: [(identifier) @name
                 (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                 (reference_declarator (identifier) @name)
                 (array_declarator declarator: (identifier) @name)
                 (init_declarator declarator: [(identifier) @name
                                               (pointer_declarator declarator: [(identifier) @name (array_declarator declarator: (identifier) @name)])
                                               (reference_declarator (identifier) @name)
                                               (array_declarator declarator: (identifier) @name)])]) @definition.variable)

; Base classes
(base_class_clause
  [(type_identifier) @name
   (template_type name: (type_identifier) @name)
   (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]) @reference.extends

; Calls: plain, member, qualified (`a::b()` -> b), templated, and `new X()`
(call_expression
  function: [(identifier) @name
             (field_expression field: (field_identifier) @name)
             (field_expression field: (template_method name: (field_identifier) @name))
             (qualified_identifier name: (identifier) @name)
             (qualified_identifier name: (qualified_identifier name: (identifier) @name))
             (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name)))
             (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: (identifier) @name))))
             (template_function name: (identifier) @name)
             (qualified_identifier name: (template_function name: (identifier) @name))]) @reference.call
(new_expression
  type: [(type_identifier) @name
         (template_type name: (type_identifier) @name)
         (qualified_identifier name: (type_identifier) @name)]) @reference.call
; `RawBigit(i) = 0;` in a block: tree-sitter reads a pure virtual function; it is a call
; (``Rules.local_blocks`` drops the definition)
(compound_statement
  (function_definition
    declarator: (function_declarator declarator: (identifier) @name)) @reference.call
  (#not-match? @name "^(if|for|while|switch|return|sizeof)$"))

; Imports: `using ns::name;`
(using_declaration (qualified_identifier name: (identifier) @name)) @reference.import
