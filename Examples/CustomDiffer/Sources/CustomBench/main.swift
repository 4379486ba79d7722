// SPDX-License-Identifier: Apache-2.0
import DiffBenchKit

// `swift run -c release CustomBench run --suite quick` lists `sections`, `heckel-contacts` and `heckel-messages`
// next to the built-in algorithms, in the table and the CSV.
DiffBench.main(adding: [
    Differ(adapting: SectionsAdapter()),
    Differ(adapting: HeckelContactsAdapter()),
    Differ(adapting: HeckelMessagesAdapter())
])
