; Package: the namespace of every symbol in the file
(package_declaration [(identifier) (scoped_identifier)] @package)

; Types
(class_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.class
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_constant name: (identifier) @name) @definition.enumMember

; Members
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(compact_constructor_declaration name: (identifier) @name) @definition.constructor
(annotation_type_element_declaration name: (identifier) @name) @definition.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant

; Base types
(superclass [(type_identifier) @name
             (generic_type (type_identifier) @name)
             (scoped_type_identifier (type_identifier) @name .)]) @reference.extends
(super_interfaces (type_list [(type_identifier) @name
                              (generic_type (type_identifier) @name)
                              (scoped_type_identifier (type_identifier) @name .)])) @reference.implements
(extends_interfaces (type_list [(type_identifier) @name
                                (generic_type (type_identifier) @name)
                                (scoped_type_identifier (type_identifier) @name .)])) @reference.extends

; Calls: plain, member and `new X()`
(method_invocation name: (identifier) @name) @reference.call
(object_creation_expression type: [(type_identifier) @name
                                   (generic_type (type_identifier) @name)
                                   (scoped_type_identifier (type_identifier) @name .)]) @reference.call

; Imports: the last name of `import a.b.C;`
(import_declaration (scoped_identifier name: (identifier) @name)) @reference.import
