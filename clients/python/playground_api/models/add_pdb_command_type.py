from enum import StrEnum


class AddPdbCommandType(StrEnum):
    ADD_PDB = "add_pdb"

    def __str__(self) -> str:
        return str(self.value)
