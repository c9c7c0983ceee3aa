/// What a file or resource held: a model one of the kits decoded, or a plain value tree to map.
enum DecodedContent<Model> {
    case model(Model)
    case object(Any)
}
