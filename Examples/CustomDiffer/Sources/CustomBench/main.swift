import DiffBenchKit

// `swift run -c release CustomBench run --suite quick` lists `sections` and `heckel-contacts`
// next to the built-in algorithms, in the table and the CSV.
DiffBench.main(adding: [
    Differ(adapting: SectionsAdapter()),
    Differ(adapting: HeckelContactsAdapter()),
])
