/// The benchmark data in each model form, built once before any timing.
struct Dataset {
    /// The struct model.
    var people: [Person]
    /// The class model: final classes sharing one ``CompanyObject`` per company name.
    var objects: [PersonObject]
    /// How many distinct companies the class model shares.
    var companyCount: Int

    init(people: [Person]) {
        self.people = people
        var companies: [String: CompanyObject] = [:]
        objects = people.map { person in
            let company = companies[person.company] ?? CompanyObject(name: person.company)
            companies[person.company] = company
            return PersonObject(person, company: company)
        }
        companyCount = companies.count
    }
}
