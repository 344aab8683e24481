; Namespaces: block (`namespace A.B { }`) and file-scoped (`namespace A.B;`, scoping the rest of the file)
(namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.namespace
(file_scoped_namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.namespace

; Types
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration "struct" name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class
(delegate_declaration name: (identifier) @name) @definition.delegate
(enum_member_declaration name: (identifier) @name) @definition.enumMember

; Members
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(property_declaration name: (identifier) @name) @definition.property
(indexer_declaration "this" @name) @definition.property
(event_declaration name: (identifier) @name) @definition.event
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.event
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(local_function_statement name: (identifier) @name) @definition.function

; Base types: C# does not say which base is a class; a leading `I` + capital marks an interface
(base_list [(identifier) @name
            (generic_name (identifier) @name)
            (qualified_name name: (identifier) @name)]
  @reference.implements
  (#match? @name "^I[A-Z]"))
(base_list [(identifier) @name
            (generic_name (identifier) @name)
            (qualified_name name: (identifier) @name)]
  @reference.extends
  (#not-match? @name "^I[A-Z]"))

; Calls: plain, member, generic and `new X()`
(invocation_expression
  function: [(identifier) @name
             (generic_name (identifier) @name)
             (member_access_expression name: [(identifier) @name (generic_name (identifier) @name)])
             (conditional_access_expression (member_binding_expression name: [(identifier) @name (generic_name (identifier) @name)]))]) @reference.call
(object_creation_expression
  type: [(identifier) @name
         (generic_name (identifier) @name)
         (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])]) @reference.call

; Imports
(using_directive [(identifier) @name (qualified_name name: (identifier) @name)]) @reference.import
