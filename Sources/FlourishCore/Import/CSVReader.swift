/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold the separator,
/// doubled quotes and line breaks), remembering where each record and field starts.
struct CSVReader {
    struct Record {
        /// Byte range of the whole record in the file.
        var range: Range<Int>
        var fields: [String]
        /// Where each field starts, for diagnostics.
        var fieldStarts: [Int]
    }

    static func records(_ bytes: [UInt8], separator: UInt8) -> [Record] {
        var records: [Record] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let quote = UInt8(ascii: "\"")
        while index < bytes.count {
            let start = index
            var fields: [String] = []
            var starts: [Int] = []
            var endOfRecord = false
            while !endOfRecord {
                starts.append(index)
                var field: [UInt8] = []
                if index < bytes.count && bytes[index] == quote {
                    index += 1
                    while index < bytes.count {
                        if bytes[index] == quote {
                            if index + 1 < bytes.count && bytes[index + 1] == quote { field.append(quote); index += 2; continue }
                            index += 1
                            break
                        }
                        field.append(bytes[index])
                        index += 1
                    }
                }
                while index < bytes.count && bytes[index] != separator && bytes[index] != UInt8(ascii: "\n") {
                    if bytes[index] != UInt8(ascii: "\r") { field.append(bytes[index]) }
                    index += 1
                }
                fields.append(String(decoding: field, as: UTF8.self))
                if index < bytes.count && bytes[index] == separator {
                    index += 1
                } else {
                    endOfRecord = true
                    if index < bytes.count { index += 1 }  // the line feed
                }
            }
            var end = index
            while end > start && (bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")) { end -= 1 }
            // Blank lines are not records.
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(Record(range: start..<end, fields: fields, fieldStarts: starts))
            }
        }
        return records
    }
}
